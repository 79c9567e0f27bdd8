import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OKABE_ITO, buildOverviewCharts } from './overview.charts.ts';
import { withMoneyAxes } from './overview.task.ts';
import { overviewFixture } from '../../../test/helpers/overview-fixture.ts';

type Json = Record<string, unknown>;
const seriesOf = (option: Json) => option.series as Json[];

describe('overview charts › ECharts options', () => {
  const overview = overviewFixture('plain');
  const charts = new Map(buildOverviewCharts(overview).map((c) => [c.id, c]));

  test('five charts when the report is ready, none when it is not', () => {
    assert.deepEqual(
      [...charts.keys()],
      ['income-expenditure', 'spending-by-category', 'balance', 'affordability', 'risk-markers'],
    );
    assert.deepEqual(buildOverviewCharts({ ...overview, report: null, readiness: 'not_ready' }), []);
  });

  test('every option is plain JSON (no functions), with aria and decals on and Okabe-Ito colours', () => {
    const okabeIto = new Set<string>(Object.values(OKABE_ITO));
    for (const c of charts.values()) {
      assert.deepEqual(JSON.parse(JSON.stringify(c.option)), c.option, c.id);
      assert.deepEqual(c.option.aria, { enabled: true, decal: { show: true } }, c.id);
      for (const colour of c.option.color as string[]) assert.ok(okabeIto.has(colour), `${c.id} ${colour}`);
      assert.ok(c.description.length > 20, c.id);
    }
  });

  test('income against expenditure: one bar per month, axis in £', () => {
    const o = charts.get('income-expenditure')?.option ?? {};
    assert.deepEqual((o.xAxis as Json).data, ['Mar 2026', 'Apr 2026', 'May 2026']);
    assert.equal((o.yAxis as Json).name, 'Amount (£)');
    assert.deepEqual(
      seriesOf(o).map((s) => [s.name, s.type, s.data]),
      [
        ['Income', 'bar', [2500, 2600, 2550.5]],
        ['Expenditure', 'bar', [2100.25, 2900, 2000]],
      ],
    );
  });

  test('spending by category: largest at the top, fixed and flexible stacked', () => {
    const o = charts.get('spending-by-category')?.option ?? {};
    assert.deepEqual((o.yAxis as Json).data, ['Shops plain', 'Rent']);
    assert.deepEqual(seriesOf(o)[0]?.data, [0, 900]);
    assert.deepEqual(seriesOf(o)[1]?.data, [100, 0]);
  });

  test('balance: history solid, forecast dashed from the last known day, a mark at the first overdrawn date', () => {
    const o = charts.get('balance')?.option ?? {};
    assert.deepEqual((o.xAxis as Json).data, ['30 May 2026', '31 May 2026', '1 Jun 2026', '2 Jun 2026']);
    const [history, forecast] = seriesOf(o);
    assert.deepEqual(history?.data, [300, 120, null, null]);
    assert.deepEqual(forecast?.data, [null, 120, 40, -60]);
    assert.equal((forecast?.lineStyle as Json).type, 'dashed');
    assert.deepEqual(((forecast?.markLine as Json).data as Json[])[0], { xAxis: '2 Jun 2026' });
    assert.match(charts.get('balance')?.description ?? '', /first overdrawn on 2 Jun 2026/);
  });

  test('no overdrawn date: no mark', () => {
    const fixture = overviewFixture('plain');
    if (!fixture.report) throw new Error('fixture');
    fixture.report.balance.first_negative_date = null;
    const o = buildOverviewCharts(fixture).find((c) => c.id === 'balance')?.option ?? {};
    assert.equal(seriesOf(o)[1]?.markLine, undefined);
  });

  test('money axes write a true minus before the symbol, in both renderers', () => {
    const balance = charts.get('balance')?.option as Json;
    assert.deepEqual((balance.yAxis as Json).axisLabel, { obiMoney: '£', hideOverlap: false });
    const label = (withMoneyAxes(balance).yAxis as Json).axisLabel as { formatter: (v: number) => string };
    assert.equal(label.formatter(-500), '\u2212£500');
    assert.equal(label.formatter(29500), '£29,500');
    assert.equal('obiMoney' in label, false);
  });

  test('affordability by month: a bar per month labelled "Mar 2026", below zero in vermillion, money axis', () => {
    const fixture = overviewFixture('plain');
    const a = fixture.report?.affordability;
    if (!a) throw new Error('fixture');
    a.months = [
      { year: 2026, month: 3, amount: 400 },
      { year: 2026, month: 4, amount: -500 },
    ];
    const c = buildOverviewCharts(fixture).find((x) => x.id === 'affordability');
    const o = c?.option ?? {};
    assert.deepEqual((o.xAxis as Json).data, ['Mar 2026', 'Apr 2026']);
    assert.deepEqual((o.xAxis as Json).axisLabel, { interval: 0, rotate: 45 }, 'every month labelled');
    assert.deepEqual(
      (seriesOf(o)[0]?.data as Json[]).map((d) => [d.value, (d.itemStyle as Json).color]),
      [
        [400, OKABE_ITO.bluishGreen],
        [-500, OKABE_ITO.vermillion],
      ],
    );
    const label = (withMoneyAxes(o).yAxis as Json).axisLabel as { formatter: (v: number) => string };
    assert.equal(label.formatter(-500), '\u2212£500');
    assert.match(c?.description ?? '', /1 below zero/);
  });

  test('risk markers: the markers with money figures, each bar labelled with the amount and count as printed', () => {
    const o = charts.get('risk-markers')?.option ?? {};
    assert.deepEqual((o.yAxis as Json).data, ['Gambling']);
    const [bar] = seriesOf(o)[0]?.data as Json[];
    assert.equal(bar?.value, 30);
    assert.equal((bar?.itemStyle as Json).color, OKABE_ITO.vermillion, 'raised');
    assert.equal((bar?.label as Json).formatter, '£30.00 (2)');
    const none = overviewFixture('plain');
    for (const m of none.report?.risk_markers ?? []) m.figures = null;
    assert.equal(
      buildOverviewCharts(none).some((c) => c.id === 'risk-markers'),
      false,
    );
  });
});
