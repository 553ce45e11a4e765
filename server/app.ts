import { credentialsFromTheTable } from './routes/route-credentials.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CloudConfig } from './config.ts';
import type { Store } from './store/store.ts';
import { closeServices, createServices, type Services } from './services.ts';
import { frameworkErrors, installErrorHandling } from './http/error-handler.ts';
import { loggerOptions, RequestsAtDebug } from './http/logging.ts';
import { serverTimeouts } from './http/limits.ts';
import { ApiError } from './http/errors.ts';
import { ShutdownConnections } from './http/shutdown-connections.ts';
import { registerOpenApi } from './http/openapi.ts';
import { documentCommonErrors } from './http/common-errors.ts';
import { serveConsole } from './http/console.ts';
import { installCors } from './http/cors.ts';
import { installCompression } from './http/compression.ts';
import { installAuthentication, type Authenticator } from './auth/authenticate.ts';
import { BasicAuthenticator } from './auth/basic.ts';
import { FailureThrottle } from './auth/throttle.ts';
import { setUpIdentity } from './auth/identity.ts';
import { gatewayAuthenticator } from './auth/gateway.ts';
import { adminRoutes } from './routes/admin.ts';
import { userinfoRoutes } from './routes/userinfo.ts';
import { channelRoutes } from './routes/channels.ts';
import { propertiesRoutes } from './routes/properties.ts';
import { pushRoutes } from './routes/push.ts';
import { pushDeliveryLogRoutes } from './routes/push-delivery-log.ts';
import { pushInboxRoutes } from './routes/push-inbox.ts';
import { historyRoutes } from './routes/history.ts';
import { alarmRoutes } from './routes/alarms.ts';
import { positionRoutes } from './routes/positions.ts';
import { placeRoutes } from './routes/places.ts';
import { NominatimGeocoder } from './geocoder/nominatim.ts';
import { liveRoutes } from './routes/live.ts';
import { nodeRoutes } from './routes/nodes.ts';
import { groupRoutes } from './routes/groups.ts';
import { gatewayRoutes } from './routes/gateways.ts';
import { auditRoutes } from './routes/audit.ts';
import { peopleRoutes } from './routes/people.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { accessRoutes } from './routes/access.ts';
import { pushHealthRoutes } from './routes/push-health.ts';
import { pushTestRoutes } from './routes/push-test.ts';
import { channelReachRoutes } from './routes/channel-reach.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { operationsRoutes } from './routes/operations.ts';

export interface BuildOptions {
  store: Store;
  config: CloudConfig;
  now?: () => number;
  /** Where log lines go; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

export interface Cloud {
  app: FastifyInstance;
  services: Services;
  /** The HTTP server's connections, as a shutdown sees them. */
  connections: ShutdownConnections;
}

/** Builds the cloud over an open store. main.ts listens with it; tests inject into it. */
export async function buildApp(options: BuildOptions): Promise<Cloud> {
  const { store, config } = options;
  const logger = loggerOptions(config.logLevel);
  const timeouts = serverTimeouts(config.limits);
  const app = Fastify({
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    bodyLimit: 65_536,
    logController: new RequestsAtDebug(),
    // Properties and push settings travel in the query string: a 16 KiB properties object,
    // percent-encoded, needs more than Node's default 16 KiB for the request line and headers.
    ...timeouts,
    http: { maxHeaderSize: 65_536, ...timeouts.http },
    frameworkErrors,
    // A request arriving while the server closes gets the interface's 503 with Retry-After
    // (the hook below), not Fastify's own body without it.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 1_000, ignoreTrailingSlash: true },
    // Which proxies' X-Forwarded-For to believe (TRUST_PROXY): sign-ins are throttled per client.
    trustProxy: config.limits.trustProxy,
    clientErrorHandler(error, socket) {
      // Malformed HTTP never reaches a route; answer it in the API's error shape all the same.
      const code = (error as NodeJS.ErrnoException).code;
      const tooLarge = code === 'HPE_HEADER_OVERFLOW';
      // A request whose headers or body dawdle past REQUEST_TIMEOUT_MS: said so, then closed.
      const late = code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const body = JSON.stringify({
        status: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
        message: tooLarge
          ? 'The request line or headers are too large.'
          : late
            ? `The request did not arrive within ${config.limits.requestTimeoutMs} ms (REQUEST_TIMEOUT_MS).`
            : 'Malformed HTTP request.',
      });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${tooLarge ? '413 Payload Too Large' : '400 Bad Request'}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `Connection: close\r\n\r\n${body}`,
        );
      }
    },
  }).withTypeProvider<ZodTypeProvider>();

  const services = await createServices(store, config, options.now, app.log);
  const connections = new ShutdownConnections(app.server, config.limits.requestTimeoutMs);
  // Before the server waits for its connections to end: live streams never end by themselves,
  // and a connection that never sent a request would hold the shutdown until its client hangs up.
  app.addHook('preClose', async () => {
    services.lifecycle.closing = true;
    await services.live.close();
    connections.beginShutdown();
  });
  app.addHook('onClose', async () => {
    connections.closed();
    await closeServices(services);
  });
  services.metrics.observe(app);
  app.addHook('onRequest', async (_request, reply) => {
    if (!services.lifecycle.closing) return;
    void reply.header('connection', 'close');
    throw new ApiError('SERVICE_UNAVAILABLE', 'This instance is stopping; try again.', {
      'retry-after': '1',
    });
  });

  app.setValidatorCompiler(validatorCompiler);
  // Fastify parses text/plain by default; the API takes JSON bodies only and answers 415 to
  // others (docs/decisions/0005-errors.md, "Errors").
  app.removeContentTypeParser('text/plain');
  documentCommonErrors(app);
  // Responses are documented by zod schemas but written as plain JSON: validating 10000 history
  // items on every answer would cost more than producing them. Tests check every response against
  // the OpenAPI document instead.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  // Before authentication: a refused request still carries the header that lets its page read why.
  installCors(app, config.corsOrigins);
  await installCompression(app);
  await registerOpenApi(app, config);

  // One throttle for every place a password is typed: Basic, the login page, the token endpoint.
  const throttle = new FailureThrottle(store.signInFailures);
  const identity = await setUpIdentity(app, services, throttle);
  const authenticators: Authenticator[] = [
    new BasicAuthenticator(services.store.users, throttle),
    identity.bearer,
  ];
  app.decorateRequest('gateway', null);
  installAuthentication(
    app,
    services.store.users,
    authenticators,
    gatewayAuthenticator(services.store.channels, services.store.gatewayKeys),
  );

  credentialsFromTheTable(app);
  // Bodies are only taken where an operation defines one; elsewhere any JSON is ignored, and other
  // content types are refused with 415 by Fastify.
  adminRoutes(app, services);
  userinfoRoutes(app, services);
  notificationRoutes(app, services);
  channelRoutes(app, services);
  propertiesRoutes(app, services);
  pushRoutes(app, services);
  pushDeliveryLogRoutes(app, services);
  if (config.pushInbox) pushInboxRoutes(app, services);
  historyRoutes(app, services);
  positionRoutes(app, services);
  if (config.geocoderUrl) {
    placeRoutes(
      app,
      new NominatimGeocoder({ baseUrl: config.geocoderUrl, userAgent: config.geocoderUserAgent }),
    );
  }
  alarmRoutes(app, services);
  liveRoutes(app, services);
  nodeRoutes(app, services);
  groupRoutes(app, services);
  gatewayRoutes(app, services);
  auditRoutes(app, services);
  peopleRoutes(app, services);
  accessRoutes(app, services);
  pushHealthRoutes(app, services);
  pushTestRoutes(app, services);
  channelReachRoutes(app, services);
  openApiRoutes(app);
  operationsRoutes(app, services);

  // With an outside identity provider the console talks to it directly (discovery, tokens).
  await serveConsole(app, config, identity.external);
  await app.ready();
  return { app, services, connections };
}
