import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useEffect, useState, type ComponentType } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { setSignedInBefore, type RuntimeConfig } from '@linksite/platform';
import { RemoteSlot } from '../remotes/remote-slot';
import { registerRemotesFromConfig } from '../remotes/remote-registry';
import { captureFirstScreen, servedReleases, ServedFirstScreenSlot } from './first-screen-slot';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

/** The remote's component: the same on the server and in the browser, as the real remotes' first screens are. */
const Banner = () => (
  <section className="banner">
    <img className="banner__cover" src="/api/images/cover?w=1280" alt="" />
    <p>배너 내용</p>
  </section>
);

/** A load the test settles by hand. */
function deferredLoad() {
  let settle!: { resolve: (component: ComponentType) => void; reject: (error: Error) => void };
  const promise = new Promise<ComponentType>((resolve, reject) => (settle = { resolve, reject }));
  return { loader: jest.fn(() => promise), ...settle };
}

let container: HTMLElement;
let root: Root | null;
const recoverable = jest.fn();

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // What the API serves in #root: the shell's slot around the remote's own server render, plus the data block and
  // the image preload React's server renderer writes.
  container = document.createElement('div');
  container.innerHTML =
    renderToString(
      <ServedFirstScreenSlot
        remote="mf_plans/Banner"
        html={`<link rel="preload" as="image" href="/api/images/cover?w=1280"/>${renderToString(<Banner />)}`}
      />,
    ) + '<script type="application/json" id="first-screen-data">{}</script>';
  document.body.appendChild(container);
  root = null;
  recoverable.mockReset();
});

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  document.head.replaceChildren();
  jest.restoreAllMocks();
});

/** Renders again (same props for the slot) when `renderAgain` is called, as the shell's layout does. */
let renderAgain: () => void = () => undefined;
function Parent({ loader }: { loader: () => Promise<ComponentType> }) {
  const [, setRenders] = useState(0);
  useEffect(() => {
    renderAgain = () => setRenders((n) => n + 1);
  }, []);
  return <RemoteSlot remote="mf_plans" module="Banner" loader={loader} />;
}

async function hydrate(loader: () => Promise<ComponentType>) {
  expect(captureFirstScreen(container, '/')).toBe(true);
  await act(async () => {
    root = hydrateRoot(container, <Parent loader={loader} />, { onRecoverableError: recoverable });
  });
}

describe('the served first screen', () => {
  it('is hydrated in place: the served elements stay, untouched while the remote loads', async () => {
    const servedImage = container.querySelector('img');
    const load = deferredLoad();
    await hydrate(load.loader);
    // Still the served markup, not a loading text.
    expect(container.querySelector('[data-first-screen="mf_plans/Banner"]')).toHaveAttribute('data-state', 'served');
    expect(screen.queryByText('불러오는 중…')).toBeNull();
    expect(container.querySelector('img')).toBe(servedImage);

    await act(async () => load.resolve(Banner));
    expect(container.querySelector('[data-first-screen="mf_plans/Banner"]')).toHaveAttribute('data-state', 'live');
    // React attached to the served elements instead of creating new ones.
    expect(container.querySelector('img')).toBe(servedImage);
    expect(screen.getByText('배너 내용')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    expect(load.loader).toHaveBeenCalledTimes(1);
    // The data block went to <body> and the preload to <head>, out of the hydrated tree.
    expect(container.querySelector('script, link')).toBeNull();
    expect(document.head.querySelector('link[rel="preload"]')).not.toBeNull();
    expect(document.getElementById('first-screen-data')?.parentElement).toBe(document.body);
  });

  it('keeps the served elements when its parent renders again before the remote has loaded', async () => {
    const servedImage = container.querySelector('img');
    const load = deferredLoad();
    await hydrate(load.loader);
    // An update reaching a served slot that cannot hydrate yet would make React render it anew, from scratch.
    await act(async () => renderAgain());
    expect(container.querySelector('img')).toBe(servedImage);
    await act(async () => load.resolve(Banner));
    expect(container.querySelector('[data-first-screen="mf_plans/Banner"]')).toHaveAttribute('data-state', 'live');
    expect(container.querySelector('img')).toBe(servedImage);
  });

  it('shows the Korean error and retry when the remote cannot load', async () => {
    const load = deferredLoad();
    await hydrate(load.loader);
    await act(async () => load.reject(new Error('ScriptNetworkError')));
    expect(screen.getByTestId('remote-error-mf_plans')).toHaveTextContent('화면을 불러오지 못했습니다.');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('is not hydrated on another path: the shell renders that page from scratch', () => {
    expect(captureFirstScreen(container, '/main')).toBe(false);
  });
});

/**
 * docs/decisions/0060-page-matches-code.md: the served page names the release each slot was rendered with; the browser
 * loads exactly that release, and when it cannot (removed since), the live release renders the slot anew, with no
 * hydration error.
 */
describe('the release that rendered a slot', () => {
  const liveEntry = 'http://remotes.example/mf_plans/remoteEntry.js';
  const servedEntry = 'http://remotes.example/mf_plans/releases/0123456789ab/remoteEntry.js';
  const NewBanner = () => (
    <section className="banner">
      <p>새 배너</p>
    </section>
  );

  beforeEach(() => {
    container.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="first-screen-releases">{"mf_plans":{"version":"0123456789ab","path":"releases/0123456789ab/"}}</script>',
    );
    jest.mocked(registerRemotes).mockClear();
  });

  /** Captures the page and registers the remotes as the shell's bootstrap does. */
  function registerAsBootstrap() {
    expect(captureFirstScreen(container, '/')).toBe(true);
    registerRemotesFromConfig({ remotes: { mf_plans: liveEntry } } as unknown as RuntimeConfig, servedReleases());
  }

  it('is read from the page (the block leaves the hydrated tree) and registered as that release', () => {
    registerAsBootstrap();
    expect(servedReleases()).toEqual({ mf_plans: { version: '0123456789ab', path: 'releases/0123456789ab/' } });
    expect(container.querySelector('#first-screen-releases')).toBeNull();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_plans', entry: servedEntry }]);
  });

  it('when it cannot be loaded: the live release is registered and renders the slot anew, with no hydration error', async () => {
    registerAsBootstrap();
    const loader = jest
      .fn<Promise<ComponentType>, []>()
      .mockRejectedValueOnce(new Error('ScriptNetworkError'))
      .mockResolvedValueOnce(NewBanner);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <RemoteSlot remote="mf_plans" module="Banner" loader={loader} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_plans', entry: liveEntry }], { force: true });
    expect(loader).toHaveBeenCalledTimes(2);
    expect(screen.getByText('새 배너')).toBeInTheDocument();
    expect(screen.queryByText('배너 내용')).toBeNull();
    expect(container.querySelector('[data-first-screen="mf_plans/Banner"]')).toHaveAttribute('data-state', 'live');
    expect(recoverable).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('when neither loads: the Korean error and retry, as for any remote that is down', async () => {
    registerAsBootstrap();
    const loader = jest.fn<Promise<ComponentType>, []>().mockRejectedValue(new Error('ScriptNetworkError'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(container, <RemoteSlot remote="mf_plans" module="Banner" loader={loader} />, {
        onRecoverableError: recoverable,
      });
    });
    expect(screen.getByTestId('remote-error-mf_plans')).toHaveTextContent('화면을 불러오지 못했습니다.');
  });
});

/**
 * docs/decisions/0034-visitor-loads-what-it-shows.md: a visitor's banner on the served `/` stays the served markup and
 * its remote is never loaded (the layout's `staticForVisitors`); a browser that has signed in before gets the live
 * remote.
 */
describe('a slot kept static for visitors', () => {
  /** Shows the router's location, and navigates elsewhere when `goTo` is called. */
  let goTo: (to: string) => void = () => undefined;
  function Location() {
    const location = useLocation();
    const navigate = useNavigate();
    useEffect(() => {
      goTo = (to) => void navigate(to);
    }, [navigate]);
    return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
  }
  const ServedBanner = () => (
    <section className="banner">
      <img className="banner__cover" src="/api/images/cover?w=1280" alt="" />
      <a href="/reserve">팝업 예약하기</a>
      <a href="https://shop.example/">가게</a>
    </section>
  );

  /** Serves the banner, hydrates it; returns the served cover image (the element the HTML parser made). */
  async function hydrateStatic(loader: () => Promise<ComponentType>): Promise<Element | null> {
    container.innerHTML = renderToString(
      <MemoryRouter>
        <ServedFirstScreenSlot
          remote="mf_plans/Banner"
          html={`<link rel="preload" as="image" href="/api/images/cover?w=1280"/>${renderToString(<ServedBanner />)}`}
        />
        <p data-testid="location">/</p>
      </MemoryRouter>,
    );
    expect(captureFirstScreen(container, '/')).toBe(true);
    const servedImage = container.querySelector('img');
    await act(async () => {
      root = hydrateRoot(
        container,
        <MemoryRouter>
          <RemoteSlot remote="mf_plans" module="Banner" loader={loader} staticForVisitors />
          <Location />
        </MemoryRouter>,
        { onRecoverableError: recoverable },
      );
    });
    return servedImage;
  }
  const slot = () => container.querySelector('[data-first-screen="mf_plans/Banner"]');

  afterEach(() => window.localStorage.clear());

  it('keeps the served elements and loads no remote, through router updates; its links of the site navigate in the app', async () => {
    const loader = jest.fn(() => Promise.resolve(Banner));
    const image = await hydrateStatic(loader);
    expect(image).not.toBeNull();
    // Hydrated, not re-created: the served image is still in the page.
    expect(container.querySelector('img')).toBe(image);
    expect(slot()).toHaveAttribute('data-state', 'static');
    expect(loader).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();

    // A keyword's `?tag=` (a router update) reaches the layout: the served elements stay, still without a load.
    await act(async () => goTo('/?tag=캠핑'));
    expect(screen.getByTestId('location')).toHaveTextContent('/?tag=캠핑');
    expect(container.querySelector('img')).toBe(image);

    // The served reservation link navigates through the router, not by loading the page anew.
    const reserve = screen.getByRole('link', { name: '팝업 예약하기' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => reserve.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/reserve');
    // A link to another site is left to the browser.
    const away = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: '가게' }).dispatchEvent(away);
    expect(away.defaultPrevented).toBe(false);
    expect(container.querySelector('img')).toBe(image);
    expect(loader).not.toHaveBeenCalled();
  });

  it('is the live remote, hydrated, for a browser that has signed in before', async () => {
    setSignedInBefore(true);
    const loader = jest.fn(() => Promise.resolve(Banner));
    await hydrateStatic(loader);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(slot()).toHaveAttribute('data-state', 'live');
    expect(screen.getByText('배너 내용')).toBeInTheDocument();
  });
});
