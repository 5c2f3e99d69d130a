/**
 * Where HMRC is and Brade's application there (docs/hmrc.md, "Configuration"), as config.ts reads it from the
 * environment: HMRC's production or sandbox API, another base URL, or the local simulator at /sandbox/hmrc.
 */
export interface HmrcEndpoint {
  /** The local simulator (the UI's "Sandbox" badge). */
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
  /** Where the owner's browser grants authority: /oauth/authorize lives here. */
  authBaseUrl: string;
  /** The APIs and /oauth/token. */
  apiBaseUrl: string;
  /** The public address HMRC sees Brade's requests come from (Gov-Vendor-Public-IP); null when not configured. */
  vendorPublicIp: string | null;
}

/** HMRC's two environments (HMRC's reference guide, "API access"; "Authorisation"). */
export const HMRC_ENVIRONMENTS = {
  production: { auth: 'https://www.tax.service.gov.uk', api: 'https://api.service.hmrc.gov.uk' },
  sandbox: { auth: 'https://test-www.tax.service.gov.uk', api: 'https://test-api.service.hmrc.gov.uk' },
} as const;
