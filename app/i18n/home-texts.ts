import { ensureTexts } from "./browser.ts";

// Imported by every module that shows `home.*` texts (home-texts.test.ts checks it). They are
// not in the catalogue every page downloads (decision 004), so such a module is not evaluated, and
// so neither the first render of its page nor a navigation to it happens, before they are here.
await ensureTexts("home");
