/** Every user-facing sentence of docs/product.md, "Validation" and "Failures", word for word, in one place. */
export const MESSAGES = {
  signup: {
    fullNameRequired: 'Full Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRules: 'Password does not meet all requirements',
    passwordsDontMatch: "Passwords don't match",
    /** Beyond the spec: said under `passwordRules` when the server refuses a common password (the answer's `reason`). */
    commonPassword: 'This password is on a list of commonly used passwords: choose another.',
    failure: 'An error occurred during sign up. Please try again.',
  },
  otp: {
    incomplete: 'Please enter all 6 digits',
    invalid: 'Invalid OTP. Please try again.',
    requestFailure: 'An error occurred during sign up',
    resendFailure: 'Failed to resend OTP. Please try again.',
    resendSuccess: 'A new OTP has been sent to your email.',
  },
  business: {
    failure: 'An error occurred. Please try again.',
  },
  signin: {
    invalid: 'Invalid email or password',
    failure: 'An error occurred during sign up',
    loggingIn: 'Logging in...',
    passwordHint: '7-16 characters',
  },
  forgotPassword: {
    sendFailure: 'Failed to send OTP. Please try again.',
    failure: 'An error occurred. Please try again.',
    success: "We've sent you an email with instructions to reset your password.",
  },
  newPassword: {
    authFailed: 'Authentication failed. Please try the password reset process again.',
    authError: 'An error occurred during authentication. Please try again.',
    invalidTokens: 'Invalid authentication tokens. Please try the password reset process again.',
    setFailure: 'Failed to set new password. Please try again.',
    success: 'Password changed successfully.',
  },
  errorPage: 'Unexpected Application Error!',
  allDone: 'All done! Your password has been reset.',
} as const;
