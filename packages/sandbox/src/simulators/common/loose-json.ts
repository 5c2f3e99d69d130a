/** Test helper: a response body as untyped JSON, so assertions can read fields without declaring every shape. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary provider JSON.
export type LooseJson = any;

export async function readJson(response: Response | Promise<Response>): Promise<LooseJson> {
  return (await response).json();
}
