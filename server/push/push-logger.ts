/** Where push writes what an operator should know (the app's logger, or stderr). */
export interface PushLogger {
  warn(details: object, message: string): void;
}
