/** The Profile screen's sentences: docs/product.md, "Failures" word for word, then the ones the spec leaves to us. */
export const PROFILE_MESSAGES = {
  personal: {
    success: 'Personal information updated successfully',
    failure: 'Failed to update personal information. Please try again.',
  },
  email: {
    success: 'Please check your inbox to confirm your new email address',
    failure: 'Failed to update email',
    inUse: 'This e-mail address is already in use. Please choose another.',
    unchanged: 'That is already your e-mail address.',
    staleSession: 'Your session has changed. Please reload the page and try again.',
    confirmed: 'Your e-mail address has been changed.',
    linkInvalid: 'This confirmation link has expired or was already used. Please ask for a new one from your profile.',
  },
  business: {
    success: 'Business information updated successfully',
    failure: 'Failed to update business information. Please try again.',
  },
  password: {
    success: 'Password updated successfully',
    failure: 'Failed to update password. Please try again.',
    mismatch: 'Passwords do not match',
    currentRequired: 'Current Password is required',
    currentWrong: 'Your current password is not correct.',
    signedOutEverywhere:
      'You have been signed out on every device after too many wrong passwords. Please sign in again.',
  },
  photo: {
    success: 'Profile photo updated',
    failure: 'Failed to update profile photo. Please try again.',
    missing: 'Please choose a photo to upload.',
    wrongType: 'Please choose a JPEG, PNG or WebP image.',
    tooLarge: 'The photo must be 5 MB or smaller.',
    tooManyPixels: 'The photo must be 16 megapixels or smaller.',
    tooLong: 'The photo must be at most 8,000 pixels on each side.',
    unreadable: 'That file could not be read as an image. Please choose another.',
  },
} as const;
