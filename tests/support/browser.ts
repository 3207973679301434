import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";

let visitors = 0;
/**
 * An address of its own for each visitor of the browser tests (the TEST-NET ranges), sent as a proxy
 * would: the test server trusts loopback as its proxy, so per-address limits count each visitor apart.
 */
export function visitorAddress(): string {
  visitors += 1;
  const n = (process.pid % 200) * 256 + visitors;
  return `198.18.${Math.floor(n / 256) % 256}.${n % 256}`;
}

/**
 * Debian's Chromium, driven by playwright-core (never a downloaded browser); `args` are added to its own.
 * Each of its contexts is a visitor with an address of its own (visitorAddress).
 */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...args,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const withHydrationWaits = (context: BrowserContext) => {
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitsForHydration(await newPage());
    return context;
  };
  browser.newContext = async (options = {}) =>
    withHydrationWaits(
      await newContext({
        ...options,
        extraHTTPHeaders: { "x-forwarded-for": visitorAddress(), ...options.extraHTTPHeaders },
      }),
    );
  localContexts.set(browser, async (options = {}) => withHydrationWaits(await newContext(options)));
  return browser;
}

const localContexts = new WeakMap<Browser, Browser["newContext"]>();

/**
 * A visitor sitting at the machine that runs the store (no proxy in between), as the operator of a demo
 * shop is: the only one its demo staff's published passwords let in.
 */
export function newLocalContext(browser: Browser, options?: Parameters<Browser["newContext"]>[0]): Promise<BrowserContext> {
  const open = localContexts.get(browser);
  if (!open) throw new Error("newLocalContext needs a browser from launchBrowser");
  return open(options);
}

/** True on a store page React has taken over (app/root.tsx marks it), and on any document that is not one. */
const hydrated = () => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated");

/**
 * After each page load the page waits, as a shopper does, until the store's scripts have taken the
 * page over: a click before that does only what HTML alone does (a wizard's "next" would post the form).
 */
function waitsForHydration(page: Page): Page {
  for (const name of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const) {
    const navigate = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const result = await navigate(...args);
        await page.waitForFunction(hydrated);
        return result;
      },
    });
  }
  return page;
}

/**
 * No serious or critical axe violation on the page as the visitor sees it once it has settled. An element
 * half-way through fading in (a toast that appears just as the check starts) has, for that moment, too
 * little contrast; so the check runs with reduced motion asked for (the store's CSS then shortens every
 * animation to nothing) after the finite animations already running have finished. Endless ones
 * (skeleton pulses) are not waited for.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
