import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount, readAll, submit } from '../helpers/bank-data.ts';
import { upsertParties, upsertStatements } from '../../src/modules/statements/statements.repo.ts';

describe('accounts, balances, statements and parties', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const post = (url: string, payload: unknown) =>
    svc.app.inject({ method: 'POST', url, headers: client.auth, payload: payload as string });
  const get = (url: string) => svc.app.inject({ method: 'GET', url, headers: client.auth });

  test('account_collections › creates accounts in the spec shape; sending them again changes nothing', async () => {
    const customer = await newCustomer(svc, client);
    const body = {
      accounts: [
        {
          bank_slug: 'barclays',
          number: '20000012345678',
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'CurrentAccount',
          name: 'Ms J Smith',
          nickname: 'Bills',
        },
        {
          bank_slug: 'barclays',
          number: '20000087654321',
          sort_code_and_account_number: { sort_code: '200000', account_number: '87654321' },
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'Savings',
          is_authorized: false,
        },
      ],
    };
    const first = await post(`/public/v3/customers/${customer}/account_collections`, body);
    assert.equal(first.statusCode, 200);
    const again = await post(`/public/v3/customers/${customer}/account_collections`, body);
    assert.deepEqual(again.json(), first.json());
    const list = (await get(`/public/v3/customers/${customer}/accounts`)).json().data;
    assert.equal(list.length, 2);
    assert.deepEqual(list[0], {
      id: first.json().data[0].id,
      currency: 'GBP',
      name: 'Ms J Smith',
      is_authorized: true,
      nickname: 'Bills',
      identification: null,
      secondary_identification: null,
      bank_slug: 'barclays',
      type: 'Personal',
      sub_type: 'CurrentAccount',
      number: '20000012345678',
      sort_code_and_account_number: { sort_code: '200000', account_number: '12345678' },
      scheme_name: 'UK.OBIE.SortCodeAccountNumber',
    });
    assert.equal(list[1].is_authorized, false);
  });

  test('account_collections › an unknown bank slug, a bad sub_type or a mismatched sort code is 400 with pointers; nothing stored', async () => {
    const customer = await newCustomer(svc, client);
    const res = await post(`/public/v3/customers/${customer}/account_collections`, {
      accounts: [
        {
          bank_slug: 'no-such-bank',
          number: '20000012345678',
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'CurrentAccount',
        },
        {
          bank_slug: 'hsbc',
          number: '40000012345678',
          sort_code_and_account_number: { sort_code: '400001', account_number: '12345678' },
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'CurrentAccount',
        },
      ],
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/accounts/0/bank_slug', '/accounts/1/number'],
    );
    const bad = await post(`/public/v3/customers/${customer}/account_collections`, {
      accounts: [{ bank_slug: 'hsbc', number: '1', currency: 'GBP', type: 'Personal', sub_type: 'Piggybank' }],
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/accounts/0/sub_type');
    assert.deepEqual((await get(`/public/v3/customers/${customer}/accounts`)).json().data, []);
  });

  test('balance_collections › stores one balance per account, type and London day; a later one that day replaces it', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const b = (amount: string, at: number) => ({
      bank_slug: account.bank_slug,
      account_number: account.number,
      type: 'InterimBooked',
      amount,
      currency: 'GBP',
      date_time: at,
    });
    // 2024-06-30T23:30Z is already 1 July in London (BST)
    const res = await post(`/public/v3/customers/${customer}/balance_collections`, {
      balances: [b('10.00', 1_719_790_200), b('20.00', 1_719_760_000), b('25.50', 1_719_770_000)],
    });
    assert.equal(res.statusCode, 200, res.body);
    const data = (await get(`/public/v3/customers/${customer}/accounts/${account.id}/balances`)).json().data;
    assert.deepEqual(
      data.map((x: { date: string; amount: number }) => [x.date, x.amount]),
      [
        ['2024-07-01', 10],
        ['2024-06-30', 25.5],
      ],
    );
    const unknown = await post(`/public/v3/customers/${customer}/balance_collections`, {
      balances: [{ ...b('1', 1), account_number: '000' }],
    });
    assert.equal(unknown.statusCode, 422);
    const badType = await post(`/public/v3/customers/${customer}/balance_collections`, {
      balances: [{ ...b('1', 1), type: 'Closing' }],
    });
    assert.equal(badType.statusCode, 400);
    assert.equal(badType.json().errors[0].pointer, '/balances/0/type');
  });

  test('statements › served with nested members as arrays and Value in place of Rate; /account/ alias too', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await upsertStatements(
      svc.deps.db,
      customer,
      account.id,
      [
        {
          AccountId: 'bank-side-id',
          StatementId: 'st-2024-05',
          Type: 'RegularPeriodic',
          StartDateTime: '2024-05-01T00:00:00+00:00',
          EndDateTime: '2024-05-31T23:59:59+00:00',
          StatementDescription: 'May 2024',
          StatementAmounts: {
            CreditDebitIndicator: 'Credit',
            Type: 'ClosingBalance',
            Amount: '1230.00',
            Currency: 'GBP',
          },
          StatementValue: [{ Type: 'AirMilesPoints', Rate: 120 }],
          StatementFee: [{ Type: 'Overdraft', Amount: '5.00', Currency: 'GBP', Rate: 0.1 }],
        },
      ],
      svc.clock.now(),
    );
    for (const segment of ['accounts', 'account']) {
      const res = await get(`/public/v3/customers/${customer}/${segment}/${account.id}/statements`);
      assert.equal(res.statusCode, 200);
      const [s] = res.json().data;
      assert.equal(s.AccountId, account.id);
      assert.deepEqual(s.StatementDescription, ['May 2024']);
      assert.deepEqual(s.StatementAmounts, [
        { CreditDebitIndicator: 'Credit', Type: 'ClosingBalance', Amount: '1230.00', Currency: 'GBP' },
      ]);
      assert.deepEqual(s.StatementValue, [{ Type: 'AirMilesPoints', Value: 120 }]);
      assert.deepEqual(s.StatementFee, [{ Type: 'Overdraft', Amount: '5.00', Currency: 'GBP', Rate: 0.1 }]);
    }
  });

  test('parties › served with Relationships.Account.Id and AddressLine as an array', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await upsertParties(
      svc.deps.db,
      customer,
      account.id,
      [
        {
          AccountId: account.id,
          PartyId: 'p1',
          Name: 'Jane Smith',
          PartyType: 'Sole',
          AccountRole: 'UK.OBIE.Principal',
          BeneficialOwnership: true,
          Relationships: { Account: { Related: 'https://bank.example/accounts/1', ID: 'acc-1' } },
          Address: [
            {
              AddressType: 'Residential',
              AddressLine: '1 High Street',
              StreetName: 'High Street',
              BuildingNumber: '1',
              PostCode: 'LS1 1AA',
              TownName: 'Leeds',
              Country: 'GB',
              CountrySubDivision: 'West Yorkshire',
            },
          ],
        },
      ],
      svc.clock.now(),
    );
    const res = await get(`/public/v3/customers/${customer}/account/${account.id}/party`);
    assert.equal(res.statusCode, 200);
    const [p] = res.json().data;
    assert.deepEqual(p.Relationships, { Account: { Related: 'https://bank.example/accounts/1', Id: 'acc-1' } });
    assert.deepEqual(p.Address[0].AddressLine, ['1 High Street']);
    assert.equal(p.BeneficialOwnership, true);
    const missing = await get(`/public/v3/customers/${customer}/accounts/01900000-0000-7000-8000-000000000000/party`);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'account_not_found');
  });
});

describe('reading transactions (endpoint 11 and /transactions)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const current = await newAccount(svc, client, customer);
  const business = await newAccount(svc, client, customer, {
    bank_slug: 'tide',
    type: 'Business',
    sub_type: 'CurrentAccount',
    currency: 'GBP',
  });
  const euro = await newAccount(svc, client, customer, { bank_slug: 'revolut', currency: 'EUR' });
  const personalTx = makeTransactions(current, 1200, { prefix: 'p' });
  const businessTx = makeTransactions(business, 300, { prefix: 'b', start: 1_700_100_000 });
  const euroTx = makeTransactions(euro, 50, { prefix: 'e' }).map((t) => ({ ...t, currency: 'EUR' }));
  await submit(svc, client, customer, [...personalTx, ...businessTx, ...euroTx]);
  const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.external_transaction_id as string);

  test('paging returns every row exactly once, in booking_date_time descending then id order', async () => {
    const rows = await readAll(svc, client, customer, 'max_per_page=97');
    assert.equal(rows.length, 1550);
    assert.equal(new Set(rows.map((r) => r.id)).size, 1550);
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      assert.ok(
        (a.booking_date_time as number) > (b.booking_date_time as number) ||
          (a.booking_date_time === b.booking_date_time && (a.id as string) > (b.id as string)),
        `order at ${i}`,
      );
    }
  });

  test('a page read by number (without the cursor) matches the page reached through _links.next', async () => {
    const walked = await readAll(svc, client, customer, 'max_per_page=100');
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/raw-transactions?page=7&max_per_page=100`,
      headers: client.auth,
    });
    const body = res.json();
    assert.deepEqual(ids(body.data), ids(walked.slice(600, 700)));
    assert.equal(body.page, 7);
    assert.equal(body.pages, 16);
    assert.equal(body.total, 1550);
    assert.equal(body.max_per_page, 100);
    assert.match(body._links.self.href, /page=7&max_per_page=100$/);
    assert.match(body._links.previous.href, /page=6&max_per_page=100$/);
    assert.match(body._links.last.href, /page=16&max_per_page=100$/);
    assert.match(body._links.next.href, /page=8&max_per_page=100&cursor=/);
    const tampered = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/raw-transactions?page=7&max_per_page=100&cursor=bm9wZQ`,
      headers: client.auth,
    });
    assert.deepEqual(ids(tampered.json().data), ids(body.data), 'a bad cursor falls back to the page number');
  });

  test('filters: bank_slug, account_number, account_type, currency and the booking window, each row exactly once', async () => {
    assert.deepEqual(new Set(ids(await readAll(svc, client, customer, 'bank_slug=tide'))), new Set(ids(businessTx)));
    assert.deepEqual(
      new Set(ids(await readAll(svc, client, customer, `account_number=${current.number}&max_per_page=500`))),
      new Set(ids(personalTx)),
    );
    assert.equal((await readAll(svc, client, customer, 'account_type=Business')).length, 300);
    assert.equal((await readAll(svc, client, customer, 'account_type=Personal')).length, 1250);
    assert.deepEqual(new Set(ids(await readAll(svc, client, customer, 'currency=EUR'))), new Set(ids(euroTx)));
    const from = personalTx[100]!.booking_date_time;
    const to = personalTx[199]!.booking_date_time;
    const window = await readAll(
      svc,
      client,
      customer,
      `booking_date_time_from=${from}&booking_date_time_to=${to}&account_number=${current.number}&max_per_page=30`,
    );
    assert.deepEqual(new Set(ids(window)), new Set(ids(personalTx.slice(100, 200))));
  });

  test('out-of-range paging and unknown query members are 400 with a pointer', async () => {
    for (const [q, pointer] of [
      ['max_per_page=10001', '/query/max_per_page'],
      ['page=0', '/query/page'],
      ['account_type=Corporate', '/query/account_type'],
      ['sort=asc', '/query/sort'],
    ]) {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${customer}/raw-transactions?${q}`,
        headers: client.auth,
      });
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().errors[0].pointer, pointer, q);
    }
  });

  test('/transactions serves the same records with category, category_id and merchant', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/transactions?max_per_page=5`,
      headers: client.auth,
    });
    assert.equal(res.statusCode, 200);
    const [t] = res.json().data;
    assert.ok('category' in t && 'category_id' in t && 'merchant' in t);
    assert.equal(res.json().total, 1550);
  });
});
