import type { signin as en } from '../en/signin.ts';

export const signin: Record<keyof typeof en, string> = {
  'signIn.failed': 'Inloggen mislukt',
  'signIn.userName': 'Gebruikersnaam',
  'signIn.enterUserName': 'Vul je gebruikersnaam in.',
  'signIn.password': 'Wachtwoord',
  'signIn.enterPassword': 'Vul je wachtwoord in.',
  'signIn.providerBack.title': 'De inlogdienst antwoordt weer',
  'signIn.providerBack': 'Log in wanneer je zover bent.',
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
  'auth.wrongPassword': 'Onjuiste gebruikersnaam of wachtwoord.',
  'auth.cancelled': 'Inloggen is geannuleerd. Log opnieuw in wanneer je zover bent.',
  'auth.usedCallback': 'Deze inlog is al voltooid of verlopen. Begin opnieuw vanuit de console.',
  'auth.cloudRefused': 'De cloud weigerde de inlog.',
  'auth.provider.down.title': 'De inlogdienst is niet bereikbaar',
  'auth.provider.down':
    'De inlogdienst op {at} antwoordt niet: hij is uit de lucht, dit apparaat heeft geen netwerk, of de authority in config.json noemt het verkeerde adres. Probeer het zo opnieuw.',
  'auth.provider.policy.title': 'De browser weigerde de inlogdienst',
  'auth.provider.policy':
    'De Content-Security-Policy van deze console staat geen verbinding met {at} toe. Wie de console aanbiedt, moet {at} aan connect-src toevoegen.',
  'auth.provider.cors.title': 'De inlogdienst is niet bereikbaar',
  'auth.provider.cors':
    'De inlogdienst op {at} gaf geen antwoord dat deze console mag lezen. Waarschijnlijk is hij uit de lucht of start hij op, en antwoordt een proxy ervoor met een foutpagina (zulke pagina’s hebben geen CORS-headers, dus de browser verbergt ze): probeer het zo opnieuw. Duurt het voort terwijl de dienst draait, dan laat de dienst deze console ({origin}) zijn antwoorden niet lezen (CORS): de beheerder moet deze origin toestaan voor de client {clientId}: redirect-URI {origin}/callback, en {origin} waar de dienst toegestane (CORS-)origins noemt.',
  'auth.provider.http.title': 'De inlogdienst antwoordde met een fout',
  'auth.provider.http':
    'De inlogdienst op {at} antwoordde HTTP {status}. {gateway, select, yes {Dat komt van een proxy of gateway ervoor die hem niet bereikt, of van de dienst terwijl hij opstart of overbelast is} other {De dienst faalde}}: probeer het zo opnieuw. Duurt het voort, dan moet wie de inlogdienst beheert ernaar kijken.',
  'auth.provider.notOpenid.title': 'Het antwoord van de inlogdienst is geen OpenID-configuratie',
  'auth.provider.notOpenid':
    '{discovery} antwoordde met iets anders (een webpagina?): de authority in config.json is niet de issuer van een OpenID-provider, of een proxy ervoor antwoordde met een eigen pagina.',
  'auth.provider.refused.title': 'De inlogdienst weigerde',
  'auth.provider.refused': 'De inlogdienst op {at} weigerde: “{message}”. {advice}',
  'auth.advice.nonce':
    'De console stuurt bij elke inlog een nonce mee; de dienst accepteerde die niet.',
  'auth.advice.pkce': 'De client {clientId} moet bij de inlogdienst PKCE met S256 accepteren.',
  'auth.advice.client':
    'De client {clientId} moet een publieke client zijn (zonder geheim) die de authorization code flow mag gebruiken: clientId in config.json noemt hem.',
  'auth.advice.scope':
    'De scopes die de console vraagt (scope in config.json) moeten voor de client zijn toegestaan.',
  'auth.advice.target':
    'De dienst kent de resource niet die de console vraagt (AUTH_EXTERNAL_RESOURCE).',
  'auth.advice.log': 'Wie de inlogdienst beheert, kan in het logboek zien waarom.',
  'auth.refusal.audience':
    '{asked, select, resource {De console vraagt de inlogdienst om de resource {value}; een dienst die die parameter negeert,} audience {De console vraagt de inlogdienst om de audience {value}; een dienst die die parameter negeert,} other {De inlogdienst}} moet zo zijn ingesteld dat hij de audience van de API aan de access tokens van de client{client} toevoegt (LemonLDAP::NG: extra audiences; Keycloak: een audience mapper; Auth0: een API met die identifier).{asked, select, resource {} other { Een dienst die RFC 8707 volgt, geeft zijn tokens de audience van de resource die de console vraagt: zet AUTH_EXTERNAL_RESOURCE van de cloud op de audience van de API.}} Of AUTH_AUDIENCE van de cloud moet de audience noemen die die tokens dragen.',
  'auth.refusal.opaque':
    'De inlogdienst geeft de client{client} ondoorzichtige access tokens. Hij moet JWT-access tokens voor de API uitgeven (Auth0: een API met de identifier van AUTH_AUDIENCE; LemonLDAP::NG: "JWT access tokens"), of de cloud moet ze introspecteren: AUTH_EXTERNAL_INTROSPECTION_URL met de ID en het geheim van een vertrouwelijke client.',
  'auth.refusal.clientIds':
    'De console logt in als de client{client}; AUTH_EXTERNAL_CLIENT_IDS van de cloud moet die noemen (standaard noemt die alleen AUTH_EXTERNAL_CLIENT_ID), en de inlogdienst moet hem in azp of client_id van de access tokens zetten.',
  'auth.refusal.jwt':
    'De inlogdienst moet voor de client{client} access tokens in JWT-vorm uitgeven (LemonLDAP::NG: "JWT access tokens"; Keycloak en Auth0 doen dat standaard).',
  'auth.refusal.issuer':
    'De console logt in bij een andere identiteitsprovider dan die de cloud vertrouwt: de authority in config.json en AUTH_EXTERNAL_ISSUER van de cloud moeten dezelfde noemen.',
  'auth.refusal.other':
    'Wie de console en de cloud beheert, moet dit oplossen; opnieuw inloggen helpt niet.',
  'auth.signOut.notRevocable':
    'De inlogdienst kan geen tokens intrekken, dus het refresh token dat deze console had, is niet ingetrokken: het blijft bruikbaar tot het verloopt, tenzij de inlogdienst het beëindigt met je sessie daar.',
  'auth.signOut.notRevoked':
    'Het refresh token dat deze console had, kon niet worden ingetrokken (de inlogdienst antwoordde niet): het blijft bruikbaar tot het verloopt.',
  'auth.signOut.needsClientAuth':
    'Het refresh token dat deze console had, is niet ingetrokken: de inlogdienst eist clientauthenticatie om in te trekken, en die kan een console in de browser niet geven. Het blijft bruikbaar tot het verloopt, tenzij de dienst het beëindigt met je sessie daar. Wie de inlogdienst beheert, kan de client van de console toestaan zijn eigen tokens in te trekken.',
  'auth.signOut.refused':
    'Het refresh token dat deze console had, is niet ingetrokken: de inlogdienst weigerde het in te trekken. Het blijft bruikbaar tot het verloopt.',
  'auth.signOut.noSignOut':
    'De inlogdienst biedt geen uitloggen, dus je bent daar nog ingelogd: de volgende keer Inloggen vraagt misschien niet om je wachtwoord. Log op de eigen pagina van de dienst uit als anderen deze browser gebruiken.',
  'auth.signOut.unreachable':
    'De inlogdienst was niet bereikbaar om je sessie daar te beëindigen: de volgende keer Inloggen vraagt misschien niet om je wachtwoord.',
  'auth.signOut.accessToken':
    'Het laatste access token wordt alleen op zijn handtekening gecontroleerd en werkt tot {until}; deze browser is het vergeten.',
};
