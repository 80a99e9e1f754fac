import type { MockScope } from '../mock-scope.js';

/** One scenario the panel offers: a name, and what it sets on the mock once every other scenario is cleared. */
export interface DevScenario {
  /** Shown in the panel, and what `medschedMockPanel.use(name)` takes. */
  name: string;
  /** Sets the scenario up (`mock.fail(…)`, `mock.delay(…)`, …); the panel calls `clearScenarios()` first. */
  apply(mock: MockScope): void | Promise<void>;
}

/** The scenarios offered when the app gives none: normal, slow, offline, failing, signed out. */
export const defaultDevScenarios: readonly DevScenario[] = [
  { name: 'Normal', apply: () => {} },
  { name: 'Slow network (1.5 s per request)', apply: (mock) => mock.delay(1500) },
  { name: 'Offline', apply: (mock) => mock.networkError() },
  { name: 'Server unavailable (503)', apply: (mock) => mock.fail('*', { status: 503, headers: { 'retry-after': '5' } }) },
  { name: 'Signed out (tokens expired)', apply: (mock) => mock.expireTokens() },
];

export interface DevPanelOptions {
  /** The scenarios to offer (default `defaultDevScenarios`); names must differ. */
  scenarios?: readonly DevScenario[];
  /** Show the small panel in the page's corner (default true); the console hooks are there either way. */
  panel?: boolean;
  /**
   * Where the chosen scenario is remembered, so that a reload keeps it: `sessionStorage` (default,
   * this tab), or `false` to start every load with the first scenario.
   */
  remember?: boolean;
}

/** What the console (`window.medschedMockPanel`) and the app get: the scenario now, and a way to switch. */
export interface DevPanel {
  /** The names of the scenarios offered, in order. */
  readonly scenarios: readonly string[];
  /** The name of the scenario in effect. */
  readonly current: string;
  /** Switches to a scenario by name, without a reload: every other scenario ends, the data stays. */
  use(name: string): Promise<void>;
  /** `mock.reset()`: back to the seed (the saved data too), and the first scenario. */
  reset(): Promise<void>;
  /** Takes the panel and the console hooks away; the scenario in effect stays. */
  remove(): void;
}

/** The key of the remembered scenario in `sessionStorage`. */
export const rememberedScenarioKey = 'medsched-mock-dev-scenario';

type Hooks = { medschedMock?: MockScope; medschedMockPanel?: DevPanel };

/**
 * The development face of a started browser mock: `window.medschedMock` (the mock itself:
 * `medschedMock.fail('calendars.list', 503)`, `medschedMock.clearScenarios()` from the console),
 * `window.medschedMockPanel` (`use('Offline')`), and a small panel to switch scenarios while the
 * app runs. A switch clears every scenario and keeps the data (with `persist`, the saved data
 * too). Import it only in development (behind `import.meta.env.MODE === 'development'`): a production build then
 * contains none of it.
 */
export async function installDevPanel(mock: MockScope, options: DevPanelOptions = {}): Promise<DevPanel> {
  const scenarios = options.scenarios ?? defaultDevScenarios;
  const names = scenarios.map((scenario) => scenario.name);
  if (names.length === 0) throw new RangeError('installDevPanel: give at least one scenario');
  const doubled = names.find((name, index) => names.indexOf(name) !== index);
  if (doubled !== undefined) throw new RangeError(`installDevPanel: two scenarios are named "${doubled}"; each name picks one`);
  const storage = options.remember === false ? undefined : globalThis.sessionStorage;
  let current = names[0]!;
  let view: PanelView | undefined;

  const use = async (name: string): Promise<void> => {
    const scenario = scenarios.find((candidate) => candidate.name === name);
    if (!scenario) throw new RangeError(`medschedMockPanel.use("${name}"): no such scenario; offered: ${names.map((known) => `"${known}"`).join(', ')}`);
    mock.clearScenarios();
    await scenario.apply(mock);
    current = name;
    storage?.setItem(rememberedScenarioKey, name);
    view?.show(name);
  };
  const panel: DevPanel = {
    scenarios: names,
    get current() {
      return current;
    },
    use,
    reset: async () => {
      await mock.reset();
      await use(names[0]!);
    },
    remove: () => {
      view?.element.remove();
      const hooks = globalThis as Hooks;
      if (hooks.medschedMock === mock) delete hooks.medschedMock;
      if (hooks.medschedMockPanel === panel) delete hooks.medschedMockPanel;
    },
  };

  const remembered = storage?.getItem(rememberedScenarioKey);
  // A remembered name the app no longer offers starts normally rather than failing the page.
  await use(remembered && names.includes(remembered) ? remembered : names[0]!);
  if (options.panel !== false && globalThis.document) view = renderPanel(panel);
  view?.show(current);
  Object.assign(globalThis as Hooks, { medschedMock: mock, medschedMockPanel: panel });
  return panel;
}

interface PanelView {
  element: HTMLElement;
  show(name: string): void;
}

/** A small box in the bottom-right corner: a scenario list and a reset button, styled inline (no CSS to ship). */
function renderPanel(panel: DevPanel): PanelView {
  const box = document.createElement('div');
  box.setAttribute('data-medsched-mock-panel', '');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', 'Mock API');
  box.style.cssText =
    'position:fixed;right:8px;bottom:8px;z-index:2147483647;font:12px system-ui,sans-serif;background:#fff;color:#111;border:1px solid #888;border-radius:6px;padding:6px 8px;box-shadow:0 1px 4px #0003';
  const label = document.createElement('label');
  label.textContent = 'Mock API scenario ';
  const select = document.createElement('select');
  select.append(...panel.scenarios.map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
  select.addEventListener('change', () => {
    void panel.use(select.value).catch((error: unknown) => console.error('[@medsched/mock-server] scenario switch failed:', error));
  });
  label.append(select);
  const reset = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Reset data' });
  reset.style.marginLeft = '6px';
  reset.addEventListener('click', () => {
    void panel.reset().catch((error: unknown) => console.error('[@medsched/mock-server] reset failed:', error));
  });
  box.append(label, reset);
  (document.body ?? document.documentElement).append(box);
  return { element: box, show: (name) => void (select.value = name) };
}
