import type { history as en } from '../en/history.ts';

export const history: Record<keyof typeof en, string> = {
  'history.loading': 'Geschiedenis laden',
  'history.channelNotLoaded': 'Dit kanaal kon niet worden geladen',
  'history.channelDetails': 'Kanaalgegevens',
  'history.invalidRange': 'Deze link noemt geen geldige periode',
  'history.noAccess.title': 'Geschiedenis is voor jou niet beschikbaar',
  'history.noAccess.why':
    'Je mag deze geschiedenis niet lezen: {reason}. Metingen, routes en exports kunnen niet worden getoond.',
  'history.noAccess.ask':
    'Vraag een beheerder van je tenant om een rol met toegang tot geschiedenis. Wat je mag doen staat op de pagina Rechten.',
};
