import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { z } from 'zod';
import type { CloudConfig } from '../config.ts';
import type { ZodApp } from '../http/zod-app.ts';
import { consoleOrigins, issuerOf } from './identity-provider.ts';
import { pageLanguage, wordsIn, type PageWords } from './page-words.ts';
import { loginPage, messagePage, type Page } from './pages.ts';
import type { PasswordSignIn } from './password-sign-in.ts';

const Params = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });
const LoginBody = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(1000).default(''),
});

function send(reply: FastifyReply, page: Page) {
  return reply.code(page.status).headers(page.headers).send(page.html);
}

/**
 * The login page of the built-in identity provider, at the address oidc-provider sends people to
 * when it needs them to sign in (/auth/interaction/:uid). A form post, nothing else: it works
 * without script and with every assistive technology that reads HTML.
 */
export async function loginRoutes(
  app: ZodApp,
  provider: Provider,
  signIn: PasswordSignIn,
  config: CloudConfig,
): Promise<void> {
  const base = `${issuerOf(config.publicUrl)}/interaction`;
  const formTargets = consoleOrigins(config);
  const expired = (words: PageWords) =>
    messagePage(words, 400, words.say('signIn.expiredTitle'), words.say('signIn.expired'), {
      href: `${config.publicUrl}/`,
      text: words.say('signIn.back'),
    });
  /** The browser's language, or the one the console asked for (OIDC's ui_locales). */
  const wordsFor = (request: FastifyRequest, uiLocales?: unknown) =>
    wordsIn(pageLanguage(request.headers['accept-language'], uiLocales));

  /** The pending sign-in this browser started, if it is the one in the address. */
  async function pendingLogin(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid && interaction.prompt.name === 'login'
        ? interaction
        : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  const form = (uid: string) => ({
    action: `${base}/${uid}/login`,
    cancelAction: `${base}/${uid}/abort`,
    formTargets,
  });

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8_192 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const options = { config: { auth: 'none' as const } };

    scope.get(
      '/auth/interaction/:uid',
      { ...options, schema: { hide: true, params: Params } },
      async (request, reply) => {
        const { uid } = request.params;
        const interaction = await pendingLogin(request, reply, uid);
        if (!interaction) return send(reply, expired(wordsFor(request)));
        const words = wordsFor(request, interaction.params.ui_locales);
        const hint = interaction.params.login_hint;
        return send(reply, loginPage(words, { ...form(uid), username: String(hint ?? '') }));
      },
    );

    scope.post(
      '/auth/interaction/:uid/login',
      { ...options, schema: { hide: true, params: Params, body: LoginBody } },
      async (request, reply) => {
        const { uid } = request.params;
        const interaction = await pendingLogin(request, reply, uid);
        if (!interaction) return send(reply, expired(wordsFor(request)));
        const words = wordsFor(request, interaction.params.ui_locales);
        const { say } = words;
        const { username, password } = request.body;
        if (!username || !password) {
          const error = say('signIn.missing');
          return send(reply, loginPage(words, { ...form(uid), username, error, status: 400 }));
        }
        const result = await signIn.attempt(username, password, request.ip);
        if (result.outcome === 'throttled') {
          const { retryAfter } = result;
          const error = result.busy
            ? say('signIn.busy')
            : say('signIn.throttled', { seconds: retryAfter });
          reply.header('retry-after', String(retryAfter));
          return send(reply, loginPage(words, { ...form(uid), username, error, status: 429 }));
        }
        if (result.outcome === 'wrong') {
          const error = say('signIn.wrong');
          return send(reply, loginPage(words, { ...form(uid), username, error, status: 401 }));
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: result.user.sub } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );

    scope.post(
      '/auth/interaction/:uid/abort',
      { ...options, schema: { hide: true, params: Params } },
      async (request, reply) => {
        const { uid } = request.params;
        if (!(await pendingLogin(request, reply, uid))) {
          return send(reply, expired(wordsFor(request)));
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
}
