import { ensureTexts } from "./browser.ts";

// Imported by every module that shows `account.*` texts other than the header's and the favourites'
// (texts-groups.test.ts checks it). They are not in the catalogue every page downloads, so such a
// module is not evaluated, and its page neither renders first nor is navigated to, before they are here.
await ensureTexts("account");
