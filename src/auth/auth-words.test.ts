import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n.ts';
import { describeSignInError } from './oidc-settings.ts';
import { explainProviderFailure } from './provider-failure.ts';
import { refusalAdvice } from './refusal-advice.ts';
import { describeSignOut } from './sign-out-report.ts';

// What the sign-in and sign-out pages say about the sign-in service comes from the catalogues
// (issue 22 item 4): the English tests sit beside each module; these say it in Dutch.
describe('the sign-in service’s failures, in Dutch', () => {
  afterEach(() => applyLanguage('en', ['en-US']));

  it('names a 502 from a proxy, a cancelled sign-in and a used callback', async () => {
    applyLanguage('nl', ['nl-NL']);
    const failure = await explainProviderFailure(new Error('Bad Gateway (502)'), {
      authority: 'https://sso.example/realm',
      clientId: 'telemetry-console',
      origin: 'https://console.example',
    });
    expect(failure).toMatchObject({
      kind: 'http',
      title: 'De inlogdienst antwoordde met een fout',
      message: expect.stringMatching(
        /^De inlogdienst op https:\/\/sso\.example antwoordde HTTP 502\. Dat komt van een proxy/,
      ),
    });
    const cancelled = Object.assign(new Error('access_denied'), {
      name: 'ErrorResponse',
      error: 'access_denied',
    });
    expect(describeSignInError(cancelled)).toBe(
      'Inloggen is geannuleerd. Log opnieuw in wanneer je zover bent.',
    );
    expect(describeSignInError(new Error('No matching state found in storage'))).toBe(
      'Deze inlog is al voltooid of verlopen. Begin opnieuw vanuit de console.',
    );
  });

  it('says who must change what when the cloud refuses the tokens', () => {
    applyLanguage('nl', ['nl-NL']);
    expect(
      refusalAdvice('the token names no audience of this cloud', {
        authority: 'https://sso.example',
        clientId: 'telemetry-console',
        audience: 'https://api.telemetry.local',
        scope: 'openid',
      }),
    ).toMatch(
      /^De console vraagt de inlogdienst om de audience https:\/\/api\.telemetry\.local; .* client telemetry-console toevoegt/,
    );
    expect(refusalAdvice('something else', null)).toBe(
      'Wie de console en de cloud beheert, moet dit oplossen; opnieuw inloggen helpt niet.',
    );
  });

  it('says what signing out could not end', () => {
    applyLanguage('nl', ['nl-NL']);
    const lines = describeSignOut(
      { refreshToken: 'not-revoked', providerSession: 'no-sign-out', accessTokenExpiresAt: 60 },
      () => '12:01',
    );
    expect(lines).toEqual([
      'Het refresh token dat deze console had, kon niet worden ingetrokken (de inlogdienst antwoordde niet): het blijft bruikbaar tot het verloopt.',
      'De inlogdienst biedt geen uitloggen, dus je bent daar nog ingelogd: de volgende keer Inloggen vraagt misschien niet om je wachtwoord. Log op de eigen pagina van de dienst uit als anderen deze browser gebruiken.',
      'Het laatste access token wordt alleen op zijn handtekening gecontroleerd en werkt tot 12:01; deze browser is het vergeten.',
    ]);
  });
});
