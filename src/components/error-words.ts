import { ApiError } from '../api/errors.ts';
import { say } from '../i18n/message.ts';

/**
 * What an error says to a person: the console's own sentence in the page's language where it
 * explained the failure itself (no answer, CORS, this page's policy), else the error's message.
 */
export function errorWords(error: Error): string {
  return error instanceof ApiError && error.words ? say(error.words) : error.message;
}
