import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { ERROR_CODES } from '../../src/lib/app-error.ts';
import { clientAudit } from '../../src/modules/clients/index.ts';

describe('settings, banks, categories and operations endpoints', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  const get = (url: string, headers: Record<string, string> = client.auth) =>
    svc.app.inject({ method: 'GET', url, headers });

  test('GET /public/v3/settings › a new client has its name as company_name and empty lists', async () => {
    const res = await get('/public/v3/settings');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      company_name: 'Acme Lending',
      application_name: null,
      privacy_policy_url: null,
      terms_and_condition_url: null,
      service_customer_center_url: null,
      return_url: null,
      redirect_urls: [],
      component_origins: [],
      logo_url: null,
      primary_colour: null,
      data_retention_days: null, // kept until deleted (docs/decisions/0064-data-retention.md)
    });
  });

  test('PATCH /public/v3/settings › changes what is sent and keeps the rest', async () => {
    const res = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: {
        application_name: 'Acme Loans',
        redirect_urls: ['https://acme.example/back'],
        component_origins: ['https://acme.example'],
      },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().company_name, 'Acme Lending');
    assert.equal(res.json().application_name, 'Acme Loans');
    assert.deepEqual((await get('/public/v3/settings')).json().redirect_urls, ['https://acme.example/back']);
  });

  test('PATCH /public/v3/settings › bad URLs and origins are 400 with pointers, and nothing changes', async () => {
    const res = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: {
        privacy_policy_url: 'not a url',
        component_origins: ['https://ok.example', 'https://acme.example/path'],
        company_name: 'Changed',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/privacy_policy_url', '/component_origins/1'],
    );
    assert.equal((await get('/public/v3/settings')).json().company_name, 'Acme Lending');
    const unknown = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: { secret_hash: 'x' },
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().errors[0].pointer, '/secret_hash');
  });

  const patch = (payload: Record<string, unknown>) =>
    svc.app.inject({ method: 'PATCH', url: '/public/v3/settings', headers: client.auth, payload });
  const svgLogo = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const LOGO = svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
  );

  test('PATCH /public/v3/settings › branding: a logo (SVG or PNG data: URL) and a primary colour, stored in lower case', async () => {
    const res = await patch({ logo_url: LOGO, primary_colour: '#7C2D12' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().logo_url, LOGO);
    assert.equal(res.json().primary_colour, '#7c2d12');
    const read = (await get('/public/v3/settings')).json();
    assert.equal(read.logo_url, LOGO);
    assert.equal(read.primary_colour, '#7c2d12');
    // The audit log names the logo by type, size and digest: 48 KB images are not copied into it.
    const [entry] = await clientAudit(svc.deps.db, client.clientId, 1);
    assert.equal(entry?.action, 'settings_changed');
    assert.deepEqual(entry?.details, {
      changes: {
        logo_url: `image/svg+xml, ${Buffer.from(LOGO.split(',')[1] ?? '', 'base64').length} bytes, sha256 ${createHash(
          'sha256',
        )
          .update(Buffer.from(LOGO.split(',')[1] ?? '', 'base64'))
          .digest('hex')}`,
        primary_colour: '#7c2d12',
      },
    });
    const png = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;
    assert.equal((await patch({ logo_url: png })).statusCode, 200);
    const cleared = await patch({ logo_url: null, primary_colour: null });
    assert.equal(cleared.statusCode, 200);
    assert.equal(cleared.json().logo_url, null);
    assert.equal(cleared.json().primary_colour, null);
  });

  test('PATCH /public/v3/settings › a colour that reads below 4.5:1 is 400 at /primary_colour, saying the ratio and a shade that passes', async () => {
    await patch({ primary_colour: '#1d4ed8' });
    for (const [colour, ratio] of [
      ['#00aeef', /2\.\d\d:1 against white button text/],
      ['#ffff00', /1\.\d\d:1 against the page background and 1\.\d\d:1 against white button text/],
      ['#6b7280', /4\.\d\d:1 against the page background/],
    ] as const) {
      const res = await patch({ primary_colour: colour, company_name: 'Changed' });
      assert.equal(res.statusCode, 400, colour);
      assert.equal(res.json().code, 'validation_failed');
      const errors = res.json().errors as Array<{ pointer: string; detail: string }>;
      assert.deepEqual(
        errors.map((e) => e.pointer),
        ['/primary_colour'],
        colour,
      );
      assert.match(errors[0]?.detail ?? '', ratio, colour);
      assert.match(errors[0]?.detail ?? '', /at least 4\.5:1/);
      const suggested = /such as (#[0-9a-f]{6}) passes/.exec(errors[0]?.detail ?? '')?.[1];
      assert.ok(suggested, errors[0]?.detail);
      assert.equal((await patch({ primary_colour: suggested })).statusCode, 200, `the suggestion ${suggested} passes`);
      await patch({ primary_colour: '#1d4ed8', company_name: 'Acme Lending' });
    }
    const read = (await get('/public/v3/settings')).json();
    assert.equal(read.primary_colour, '#1d4ed8', 'nothing changed by a refused patch');
    assert.equal(read.company_name, 'Acme Lending');
    for (const bad of ['1d4ed8', '#1d4ed', 'blue', '#1d4ed8;}body{x:y', 'rgb(0,0,0)']) {
      const res = await patch({ primary_colour: bad });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().errors[0].pointer, '/primary_colour', bad);
    }
  });

  test('PATCH /public/v3/settings › a logo that is not a small inert PNG or SVG data: URL is 400 at /logo_url', async () => {
    const refused: Array<[string, RegExp]> = [
      ['https://lender.example/logo.png', /must be a data: URL of a PNG or SVG image/],
      ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', /must be a data: URL of a PNG or SVG image/],
      ['data:image/svg+xml,<svg></svg>', /must be a data: URL of a PNG or SVG image/],
      [`data:image/png;base64,${Buffer.from('not a png').toString('base64')}`, /is not a PNG image/],
      [svgLogo('<html><body>hi</body></html>'), /is not an SVG image/],
      [svgLogo('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), /holding a script/],
      [svgLogo('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), /event handler/],
      [
        svgLogo('<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/p.gif"/></svg>'),
        /a link outside the image/,
      ],
      [
        svgLogo('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>'),
        /foreignObject/,
      ],
      [svgLogo(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(7100)}</svg>`), /at most 48 KB/],
    ];
    for (const [logo, detail] of refused) {
      const res = await patch({ logo_url: logo });
      assert.equal(res.statusCode, 400, logo.slice(0, 60));
      assert.equal(res.json().errors[0].pointer, '/logo_url', logo.slice(0, 60));
      assert.match(res.json().errors[0].detail, detail, logo.slice(0, 60));
    }
    const tooLong = await patch({ logo_url: `data:image/png;base64,${'A'.repeat(70_000)}` });
    assert.equal(tooLong.statusCode, 400);
    assert.equal(tooLong.json().errors[0].pointer, '/logo_url');
  });

  test('GET /public/v3/banks › lists the sandbox banks and the major UK banks by slug', async () => {
    const res = await get('/public/v3/banks');
    assert.equal(res.statusCode, 200);
    const slugs = res.json().data.map((b: { slug: string }) => b.slug);
    for (const s of [
      'sandbox',
      'sandbox-business',
      'barclays',
      'hsbc',
      'lloyds',
      'natwest',
      'santander',
      'nationwide',
      'monzo',
      'starling',
    ])
      assert.ok(slugs.includes(s), s);
    const sandbox = res.json().data.find((b: { slug: string }) => b.slug === 'sandbox');
    assert.deepEqual(Object.keys(sandbox).sort(), [
      'country_code',
      'is_active',
      'is_api_only',
      'is_sandbox',
      'logo_url',
      'name',
      'slug',
      'type',
    ]);
    assert.equal(sandbox.is_sandbox, true);
    const logo = await svc.app.inject({ method: 'GET', url: new URL(sandbox.logo_url).pathname });
    assert.equal(logo.statusCode, 200);
    assert.match(String(logo.headers['content-type']), /image\/svg\+xml/);
  });

  test('GET .../transaction_categories › Personal and Business lists keyed by id, fixed_flexible on expenditure only', async () => {
    for (const type of ['Personal', 'Business']) {
      const res = await get(`/public/v3/account_types/${type}/transaction_categories`);
      assert.equal(res.statusCode, 200);
      const cats = Object.entries(
        res.json() as Record<string, { id: string; income_expenditure: string; fixed_flexible?: string }>,
      );
      assert.ok(cats.length >= 20, `${type} has a real taxonomy`);
      for (const [key, c] of cats) {
        assert.equal(key, c.id);
        if (c.income_expenditure === 'expenditure')
          assert.ok(c.fixed_flexible === 'fixed' || c.fixed_flexible === 'flexible', c.id);
        else assert.equal(c.fixed_flexible, undefined, c.id);
      }
    }
    const personal = (await get('/public/v3/account_types/Personal/transaction_categories')).json();
    assert.equal(personal.salary.income_expenditure, 'income');
    const bad = await get('/public/v3/account_types/Corporate/transaction_categories');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/params/account_type');
  });

  test('GET /openapi.json › an OpenAPI 3.1 document with every route; /docs renders it', async () => {
    const doc = (await get('/openapi.json', {})).json();
    assert.equal(doc.openapi, '3.1.0');
    for (const p of [
      '/oauth/v2/token',
      '/public/v3/customers',
      '/public/v3/customers/{customer_id}/token',
      '/public/v3/banks',
      '/public/v3/settings',
      '/public/v3/account_types/{account_type}/transaction_categories',
    ]) {
      assert.ok(doc.paths[p], p);
    }
    assert.ok(doc.paths['/public/v3/customers'].post.requestBody, 'request schema documented');
    assert.ok(doc.paths['/public/v3/customers'].post.responses['201'], 'response schema documented');
    const problemCodes: string[] = doc.components.schemas.Problem.properties.code.enum;
    assert.deepEqual(problemCodes, [...ERROR_CODES], 'the Problem schema lists every error code');
    const missing = await get('/public/v3/customers/00000000-0000-7000-8000-000000000000');
    assert.ok(problemCodes.includes(missing.json().code), 'a served problem carries a documented code');
    const docs = await svc.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /<div id="redoc">/, 'the API reference (src/docs-ui/docs-ui.ts)');
  });

  test('GET /health is 200; GET /ready is 200 with the database up', async () => {
    assert.equal((await get('/health', {})).statusCode, 200);
    const ready = await get('/ready', {});
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().status, 'ready');
  });

  test('an unknown route is a 404 problem', async () => {
    const res = await get('/public/v3/nothing-here');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });
});

describe('GET /ready when the database is unreachable', async () => {
  const svc = await startService();
  test('answers 503 database_unavailable while /health stays 200', async () => {
    const db = svc.deps.db;
    const ping = db.ping;
    const dead = await openPglite(null);
    await dead.close(); // a real database that no longer answers
    db.ping = dead.ping;
    try {
      const res = await svc.app.inject({ method: 'GET', url: '/ready' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().code, 'database_unavailable');
      assert.equal((await svc.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      db.ping = ping;
    }
  });
});
