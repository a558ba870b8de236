/**
 * Whether an error from node-postgres means the connection is gone (the backend was terminated, the server
 * restarted, the socket closed) rather than that a statement failed: such a connection must be replaced.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code))) return true;
  if (typeof code === 'string' && ['ECONNRESET', 'EPIPE', 'ECONNREFUSED'].includes(code)) return true;
  return /Connection terminated|not queryable|connection error|Client was closed/i.test(error.message);
}

/** One line saying how a connection was lost, for reasons in the report. */
export function lossReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}
