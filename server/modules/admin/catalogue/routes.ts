import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "#contract/product-images.ts";
import { readMultipart } from "../../../lib/multipart.ts";
import { storageFor } from "../../../lib/storage.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { actorOf, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminBrands } from "./brands.ts";
import { createBulkChange } from "./bulk.ts";
import { createProductImages } from "./product-images.ts";
import { createAdminProducts } from "./products.ts";
import { createAdminRates } from "./rates.ts";
import { createAdminTaxonomy } from "./taxonomy.ts";

/**
 * The catalogue's back office: products with their images and bulk changes, the taxonomy (categories,
 * departments, brands and their logos) and the exchange rates.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, changed }) => {
  const mediaDir = path.join(config.dataDir, "media");
  const products = createAdminProducts({ db, changed });
  const images = createProductImages({ db, mediaDir, originals: storageFor(config), changed });
  const bulk = createBulkChange({ db, changed });
  const taxonomy = createAdminTaxonomy({ db, changed });
  const brands = createAdminBrands({ db, mediaDir, changed });
  const rates = createAdminRates({ db, changed });

  app.get("/api/admin/rates", { schema: op("GET /api/admin/rates", { tags, security }) }, () => rates.read());

  app.put("/api/admin/rates", { schema: op("PUT /api/admin/rates", { tags, security }) }, async (request) => ({
    message: message(request, "rates_saved"),
    data: await rates.save(actorOf(request), request.body),
  }));

  app.get("/api/admin/catalog-options", { schema: op("GET /api/admin/catalog-options", { tags, security }) }, () => products.options());

  app.get("/api/admin/products", { schema: op("GET /api/admin/products", { tags, security }) }, (request) => products.list(request.query));

  app.post("/api/admin/products", { schema: op("POST /api/admin/products", { tags, security }) }, async (request, reply) => {
    const data = await products.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "product_created"), data });
  });

  app.post("/api/admin/products/bulk", { schema: op("POST /api/admin/products/bulk", { tags, security }) }, async (request) => {
    const alterados = await bulk(actorOf(request), request.body);
    return { message: message(request, "bulk_done", { n: alterados }), data: { alterados } };
  });

  app.get("/api/admin/products/:id", { schema: op("GET /api/admin/products/{id}", { tags, security }) }, async (request) => ({
    data: await products.get(request.params.id),
  }));

  app.put("/api/admin/products/:id", { schema: op("PUT /api/admin/products/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "product_saved"),
    data: await products.update(actorOf(request), request.params.id, request.body),
  }));

  app.post(
    "/api/admin/products/:id/duplicate",
    { schema: op("POST /api/admin/products/{id}/duplicate", { tags, security }) },
    async (request, reply) => {
      const data = await products.duplicate(actorOf(request), request.params.id);
      return reply.status(201).send({ message: message(request, "product_duplicated"), data });
    },
  );

  app.post("/api/admin/products/:id/images", { schema: op("POST /api/admin/products/{id}/images", { tags, security }) }, async (request, reply) => {
    // Up to 10 MB an image: one byte more marks a file truncated, refused with the size message.
    const { files } = await readMultipart(request, { fileSize: MAX_IMAGE_BYTES + 1, files: MAX_PRODUCT_IMAGES, fields: 5, fileFields: ["imagens"] });
    const data = await images.addImages(actorOf(request), request.params.id, files);
    return reply.status(201).send({ message: message(request, "images_saved"), data });
  });

  app.put("/api/admin/products/:id/images", { schema: op("PUT /api/admin/products/{id}/images", { tags, security }) }, async (request) => ({
    message: message(request, "images_saved"),
    data: await images.reorderImages(actorOf(request), request.params.id, request.body.ids),
  }));

  app.delete(
    "/api/admin/products/:id/images/:imageId",
    { schema: op("DELETE /api/admin/products/{id}/images/{imageId}", { tags, security }) },
    async (request) => ({
      message: message(request, "image_removed"),
      data: await images.removeImage(actorOf(request), request.params.id, request.params.imageId),
    }),
  );

  app.get("/api/admin/categories", { schema: op("GET /api/admin/categories", { tags, security }) }, async () => ({
    data: await taxonomy.categories(),
  }));
  app.post("/api/admin/categories", { schema: op("POST /api/admin/categories", { tags, security }) }, async (request, reply) => {
    const data = await taxonomy.createCategory(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "category_created"), data });
  });
  app.put("/api/admin/categories/:id", { schema: op("PUT /api/admin/categories/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "category_saved"),
    data: await taxonomy.updateCategory(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/categories/:id", { schema: op("DELETE /api/admin/categories/{id}", { tags, security }) }, async (request) => {
    await taxonomy.deleteCategory(actorOf(request), request.params.id);
    return { message: message(request, "category_deleted") };
  });
  app.get(
    "/api/admin/categories/:id/departments",
    { schema: op("GET /api/admin/categories/{id}/departments", { tags, security }) },
    async (request) => ({ data: await taxonomy.departments(request.params.id) }),
  );
  app.post(
    "/api/admin/categories/:id/departments",
    { schema: op("POST /api/admin/categories/{id}/departments", { tags, security }) },
    async (request, reply) => {
      const data = await taxonomy.createDepartment(actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: message(request, "department_created"), data });
    },
  );
  app.put(
    "/api/admin/categories/:id/departments/:departmentId",
    { schema: op("PUT /api/admin/categories/{id}/departments/{departmentId}", { tags, security }) },
    async (request) => ({
      message: message(request, "department_saved"),
      data: await taxonomy.updateDepartment(actorOf(request), request.params.id, request.params.departmentId, request.body),
    }),
  );
  app.delete(
    "/api/admin/categories/:id/departments/:departmentId",
    { schema: op("DELETE /api/admin/categories/{id}/departments/{departmentId}", { tags, security }) },
    async (request) => {
      await taxonomy.deleteDepartment(actorOf(request), request.params.id, request.params.departmentId);
      return { message: message(request, "department_deleted") };
    },
  );

  app.get("/api/admin/brands", { schema: op("GET /api/admin/brands", { tags, security }) }, async () => ({ data: await brands.brands() }));
  app.post("/api/admin/brands", { schema: op("POST /api/admin/brands", { tags, security }) }, async (request, reply) => {
    const data = await brands.createBrand(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "brand_created"), data });
  });
  app.put("/api/admin/brands/:id", { schema: op("PUT /api/admin/brands/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "brand_saved"),
    data: await brands.updateBrand(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/brands/:id", { schema: op("DELETE /api/admin/brands/{id}", { tags, security }) }, async (request) => {
    await brands.deleteBrand(actorOf(request), request.params.id);
    return { message: message(request, "brand_deleted") };
  });
  app.post("/api/admin/brands/:id/logo", { schema: op("POST /api/admin/brands/{id}/logo", { tags, security }) }, async (request) => {
    // Up to 10 MB: one byte more marks the file truncated, refused with the size message.
    const { files } = await readMultipart(request, { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 5, fileFields: ["logo"] });
    return { message: message(request, "logo_saved"), data: await brands.setLogo(actorOf(request), request.params.id, files[0]) };
  });
  app.delete("/api/admin/brands/:id/logo", { schema: op("DELETE /api/admin/brands/{id}/logo", { tags, security }) }, async (request) => ({
    message: message(request, "logo_removed"),
    data: await brands.removeLogo(actorOf(request), request.params.id),
  }));
};
