import type { connection as en } from '../en/connection.ts';

export const connection: Record<keyof typeof en, string> = {
  'connection.policy':
    'De Content-Security-Policy van deze console staat geen verbinding met {origin} toe. Wie de console aanbiedt, moet {origin} aan connect-src toevoegen.',
  'connection.cors':
    '{service, select, signIn {De inlogdienst op {origin} is niet bereikbaar: hij gaf geen antwoord dat deze console mag lezen. Waarschijnlijk is hij uit de lucht en antwoordt een proxy ervoor met een foutpagina (zonder CORS-headers); probeer het zo opnieuw. Duurt het voort terwijl de dienst draait, dan laat hij deze console ({pageOrigin}) de antwoorden niet lezen (CORS): de beheerder moet deze origin toestaan voor de client {clientId}: redirect-URI {pageOrigin}/callback, en {pageOrigin} waar toegestane (CORS-)origins staan.} other {De cloud op {origin} antwoordde, maar laat deze console ({pageOrigin}) de antwoorden niet lezen (CORS). De beheerder moet deze origin toevoegen aan CORS_ORIGINS van de cloud.}}',
  'connection.down':
    '{service, select, signIn {De inlogdienst} other {De cloud}} is niet bereikbaar. Controleer je verbinding.',
  'connection.http': 'De cloud antwoordde HTTP {status}{statusText}.',
};
