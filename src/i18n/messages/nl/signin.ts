import type { signin as en } from '../en/signin.ts';

export const signin: Record<keyof typeof en, string> = {
  'signIn.failed': 'Inloggen mislukt',
  'signIn.userName': 'Gebruikersnaam',
  'signIn.enterUserName': 'Vul je gebruikersnaam in.',
  'signIn.password': 'Wachtwoord',
  'signIn.enterPassword': 'Vul je wachtwoord in.',
  'signIn.submit': 'Inloggen',
  'signIn.passwordKept':
    'Je wachtwoord blijft alleen in het geheugen van dit tabblad en wordt nooit opgeslagen.',
  'signIn.didNotStart': 'Inloggen is niet gestart',
  'signIn.organisation':
    'Je logt in op de inlogpagina van je organisatie en komt daarna hier terug.',
  'signIn.signedOutExceptions': 'Uitgelogd uit de console, met uitzonderingen',
  'signIn.refused.title': 'De cloud weigert de tokens van deze inlog',
  'signIn.refused.answer': 'De cloud antwoordde: “{reason}”',
  'signIn.refused.again': 'Opnieuw inloggen geeft dezelfde tokens totdat dat is aangepast.',
  'signIn.intro': 'Log in om je vloot te bekijken en te beheren.',
  'signIn.expired.title': 'Je sessie is verlopen',
  'signIn.expired.again': 'Log opnieuw in om verder te gaan.',
  'signIn.expired.againDraft':
    'Log opnieuw in om verder te gaan; wat je aan het typen was, blijft bewaard.',
  'callback.signingIn': 'Bezig met inloggen',
  'callback.signingYouIn': 'Je wordt ingelogd…',
  'callback.incomplete': 'Inloggen is niet voltooid',
  'callback.tryAgain': 'Opnieuw proberen',
};
