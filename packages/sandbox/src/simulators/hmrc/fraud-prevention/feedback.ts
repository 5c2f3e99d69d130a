import { CONNECTION_METHOD, type Finding, REQUIRED_HEADERS, SPEC_VERSION } from './header-rules';

/**
 * What HMRC's Test Fraud Prevention Headers API answers (docs/hmrc.md, "Fraud prevention"): `validate` checks the
 * headers of the request itself; `validation-feedback` reports the last request made to each endpoint of an API.
 */
export type HeadersCode = 'VALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS' | 'INVALID_HEADERS';

interface Group {
  code: Finding['code'];
  message: string;
  headers: string[];
}

export interface ValidationAnswer {
  specVersion: string;
  code: HeadersCode;
  message: string;
  errors?: Group[];
  warnings?: Group[];
}

/** Findings with the same code and message are one entry naming all their headers, as HMRC groups them. */
function grouped(findings: Finding[]): Group[] {
  const groups = new Map<string, Group>();
  for (const finding of findings) {
    const key = `${finding.code}\u0000${finding.message}`;
    const group = groups.get(key) ?? { code: finding.code, message: finding.message, headers: [] };
    group.headers.push(finding.header);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function codeOf(findings: Finding[]): HeadersCode {
  if (findings.some((f) => f.severity === 'error')) return 'INVALID_HEADERS';
  return findings.length > 0 ? 'POTENTIALLY_INVALID_HEADERS' : 'VALID_HEADERS';
}

const MESSAGES: Record<HeadersCode, string> = {
  VALID_HEADERS: 'All headers appear to be valid',
  POTENTIALLY_INVALID_HEADERS: 'At least 1 header is potentially invalid',
  INVALID_HEADERS: 'At least 1 header is invalid',
};

export function validationAnswer(findings: Finding[]): ValidationAnswer {
  const code = codeOf(findings);
  const errors = grouped(findings.filter((f) => f.severity === 'error'));
  const warnings = grouped(findings.filter((f) => f.severity === 'warning'));
  return {
    specVersion: SPEC_VERSION,
    code,
    message: MESSAGES[code],
    ...(errors.length ? { errors } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

/** One sentence naming what is wrong, for a refused request (the simulator's strict mode). */
export function findingsSentence(findings: Finding[]): string {
  return findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.header}: ${f.message}`)
    .join('; ');
}

interface RecordedRequest {
  path: string;
  method: string;
  requestTimestamp: string;
  code: HeadersCode;
  headers: Array<{ header: string; code: string; errors?: string[]; warnings?: string[] }>;
}

/** The last request to each endpoint of each API, with its headers' results: HMRC's validation feedback. */
export class FraudFeedback {
  private byApi = new Map<string, Map<string, RecordedRequest>>();

  reset(): void {
    this.byApi.clear();
  }

  record(api: string, method: string, path: string, findings: Finding[], at: Date): void {
    const headers = [...REQUIRED_HEADERS].map((header) => {
      const own = findings.filter((f) => f.header === header);
      const errors = own.filter((f) => f.severity === 'error').map((f) => f.message);
      const warnings = own.filter((f) => f.severity === 'warning').map((f) => f.message);
      const code = errors.length
        ? own.some((f) => f.code === 'MISSING_HEADER')
          ? 'MISSING_HEADER'
          : 'INVALID_HEADER'
        : warnings.length
          ? 'POTENTIALLY_INVALID_HEADER'
          : 'VALID_HEADER';
      return { header, code, ...(errors.length ? { errors } : {}), ...(warnings.length ? { warnings } : {}) };
    });
    const requests = this.byApi.get(api) ?? new Map<string, RecordedRequest>();
    requests.set(`${method} ${path}`, {
      path,
      method,
      requestTimestamp: at.toISOString(),
      code: codeOf(findings),
      headers,
    });
    this.byApi.set(api, requests);
  }

  feedback(api: string): { specVersion: string; connectionMethod: string; requests: RecordedRequest[] } | null {
    const requests = this.byApi.get(api);
    if (!requests) return null;
    return { specVersion: SPEC_VERSION, connectionMethod: CONNECTION_METHOD, requests: [...requests.values()] };
  }
}
