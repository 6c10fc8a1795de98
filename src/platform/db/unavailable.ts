/** Connection-level failures of PostgreSQL: the database is away, not the request wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name = '', message = '', code = '' } = e as { name?: string; message?: string; code?: string };
    if (/ConnectionException/.test(name)) return true;
    if (
      [
        'ECONNREFUSED',
        'ECONNRESET',
        'ETIMEDOUT',
        'EPIPE',
        '57P01',
        '57P02',
        '57P03',
        '08006',
        '08001',
        '08003',
      ].includes(code)
    )
      return true;
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
