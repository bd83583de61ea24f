/**
 * A minimal browser stand-in for HTTP-level dashboard tests: a cookie jar, form posts, no redirects
 * followed (tests look at them), and the CSRF token read from the last page like a form would.
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  lastHtml = '';

  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.baseUrl + path, {
      redirect: 'manual',
      headers: { ...this.headers, ...this.cookieHeader(), ...headers },
    });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
      this.lastHtml = await res.clone().text();
    return res;
  }

  async post(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
      this.lastHtml = await res.clone().text();
    return res;
  }

  /** The _csrf value of the forms on the last HTML page. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastHtml);
    if (!match?.[1]) throw new Error('no CSRF token on the last page');
    return match[1];
  }

  /** Signs in through the form; returns the POST's response (303 on success). */
  async signIn(email: string, password: string): Promise<Response> {
    await this.get('/dashboard/sign-in');
    return this.post('/dashboard/sign-in', { _csrf: this.csrf(), email, password });
  }
}

/** The raw Set-Cookie line for a cookie name, to check its attributes. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}
