/** The Settings screen's alerts (docs/product.md, "Failures"), word for word. */
export const SETTINGS_MESSAGES = {
  goals: {
    success: 'Financial goals saved successfully!',
    failure: 'Failed to save financial goals. Please try again.',
  },
  notifications: {
    success: 'Notification settings saved successfully!',
    failure: 'Failed to save notification settings. Please try again.',
  },
} as const;
