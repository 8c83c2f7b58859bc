-- Data step: the old 'handled' status becomes the pipeline's 'contacted' stage (docs/product.md#leads).
UPDATE "leads" SET "status" = 'contacted' WHERE "status" = 'handled';
