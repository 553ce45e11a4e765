import { t, type MessageId } from './i18n.ts';

type Value = NonNullable<Parameters<typeof t>[1]>[string];

/**
 * A sentence not yet said: what pure functions of lib/ return (a check's error, a state's name), so
 * that they decide what to say and the component that shows it says it, in the page's language.
 * A value may itself be a message, said first ("Not valid JSON: {what}").
 */
export interface Message {
  id: MessageId;
  values?: Readonly<Record<string, Value | Message>>;
}

function isMessage(value: Value | Message): value is Message {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/** The message in the current language. */
export function say(message: Message): string {
  if (!message.values) return t(message.id);
  const values: Record<string, Value> = {};
  for (const [key, value] of Object.entries(message.values))
    values[key] = isMessage(value) ? say(value) : value;
  return t(message.id, values);
}
