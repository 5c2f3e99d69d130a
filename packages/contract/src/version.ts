/**
 * Brade's release, as the root package.json names it (a test keeps the two equal). HMRC's Gov-Vendor-Version header
 * carries it for the web app and for the server (docs/hmrc.md, "Fraud prevention").
 */
export const BRADE_VERSION = '0.1.0';
export const BRADE_PRODUCT_NAME = 'Brade';
