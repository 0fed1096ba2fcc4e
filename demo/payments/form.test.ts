// Stripe's nested form keys, as the SDK writes them and as curl users write them.
import { expect, it } from "vitest";
import { Params, parseForm } from "./form.ts";

it("reads nested keys into objects and indexed keys into arrays", () => {
  const form = parseForm(
    "mode=payment&line_items[0][price_data][currency]=eur&line_items[0][quantity]=2" +
      "&line_items[1][quantity]=1&metadata[order]=ord-42&expand[]=line_items&expand[]=payment_intent",
  );
  expect(form).toEqual({
    mode: "payment",
    line_items: [{ price_data: { currency: "eur" }, quantity: "2" }, { quantity: "1" }],
    metadata: { order: "ord-42" },
    expand: ["line_items", "payment_intent"],
  });
});

it("reads percent-encoded brackets and orders indices by number", () => {
  expect(parseForm("a%5B10%5D=ten&a%5B2%5D=two&b=x%20y")).toEqual({ a: ["two", "ten"], b: "x y" });
});

it("refuses a key given twice or both as a value and a hash", () => {
  expect(() => parseForm("mode=payment&mode=setup")).toThrow(/Duplicate parameter/);
  expect(() => parseForm("metadata=x&metadata[a]=b")).toThrow(/mixes a value and nested keys/);
});

it("names parameters as Stripe does in its errors", () => {
  const params = new Params(parseForm("line_items[0][quantity]=two"));
  const [item] = params.objects("line_items");
  expect(() => item?.integer("quantity")).toThrow(
    expect.objectContaining({
      fields: { code: "parameter_invalid_integer", param: "line_items[0][quantity]" },
    }),
  );
  expect(() => params.only(["mode"])).toThrow("Received unknown parameter: line_items");
});
