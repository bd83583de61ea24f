/**
 * RPC and aggregator URLs often carry a provider key in their path (…/v3/<key>) or query
 * (?api-key=<key>), and errors quote them. Everything logged keeps only scheme, host and port of a
 * URL; credentials in it, its path and its query are dropped.
 */
const URL_PATTERN = /\b(https?|wss?):\/\/(?:[^\s/@"'\\]+@)?([A-Za-z0-9.[\]:-]+)((?:[/?#][^\s"'\\<>]*)?)/g;

export function redactUrls(text: string): string {
  return text.replace(URL_PATTERN, (_match, scheme: string, host: string, rest: string) =>
    rest && rest !== '/' ? `${scheme}://${host}/[redacted]` : `${scheme}://${host}${rest}`,
  );
}
