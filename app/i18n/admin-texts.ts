import { ensureTexts } from "./browser.ts";

// Imported by every module that shows `admin.*` texts (text-groups.test.ts checks it): the back
// office's texts are downloaded by its pages alone, never by a shopper's.
await ensureTexts("admin");
