/**
 * Where background work (push, leases, the event bus) writes what an operator should know: the
 * app's logger (pino), or stderr for tools that build services without an app.
 */
export interface CloudLogger {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export const stderrLogger: CloudLogger = {
  info: (message) => console.info(message),
  warn: (details, message) => console.warn(message, details),
};
