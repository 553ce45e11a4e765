import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { createElement, Fragment, type ReactNode } from 'react';
import { currentLocale, currentMessages, type MessageId } from './i18n.ts';

type NodeValue = ReactNode | Date | ((chunks: ReactNode[]) => ReactNode);

const cache = createIntlCache();
let rich: { locale: string; intl: IntlShape<ReactNode> } | undefined;

/** A formatter whose values and results may be React nodes, for the current language. */
function richIntl(): IntlShape<ReactNode> {
  const locale = currentLocale();
  const messages = currentMessages();
  if (rich?.locale !== locale || rich.intl.messages !== messages) {
    rich = {
      locale,
      intl: createIntl<ReactNode>({ locale, defaultLocale: 'en', messages }, cache),
    };
  }
  return rich.intl;
}

/**
 * A message with markup or components inside: `tNodes('config.explanation', { code: (c) =>
 * <Code>{c}</Code> })` for `<code>…</code>` in the message, or a component as a value. Apart from
 * i18n.ts so that the pure functions importing `t` do not bring React along.
 */
export function tNodes(id: MessageId, values: Readonly<Record<string, NodeValue>>): ReactNode {
  const formatted = richIntl().formatMessage({ id }, values);
  return Array.isArray(formatted) ? createElement(Fragment, null, ...formatted) : formatted;
}
