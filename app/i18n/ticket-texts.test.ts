import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#contract/api/cart.ts";
import { LOCALES } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { resources } from "./index.ts";

/**
 * The ticket (a PDF the server writes, so from the API's texts) names the order's status in the words of
 * the customer's own pages: one status, one label, on the screen and on paper, in every locale.
 */
describe("the ticket's status labels", () => {
  it("are the order pages' labels of each status, in each locale", () => {
    for (const locale of LOCALES) {
      for (const status of ORDER_STATUSES) {
        expect(apiMessage(locale, `ticket_status_${status}`), `${locale} ${status}`).toBe(resources[locale].cart.orders.statuses[status]);
      }
    }
  });
});
