/** Where the owner links a card provider or the bank: Settings → Integrations. */
export const LINK_CARDS_PATH = '/main-menu/settings#integrations';
