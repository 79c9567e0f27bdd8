-- Client branding on the hosted pages (docs/decisions/0032-client-branding.md): the logo, a data: URL of a small PNG
-- or SVG that the service serves itself, and the primary colour of buttons and links, #rrggbb in lower case, whose
-- contrast the settings API checks. Both optional: without them the pages keep their own look.
ALTER TABLE clients ADD COLUMN logo_url text;
ALTER TABLE clients ADD COLUMN primary_colour text;
ALTER TABLE clients ADD CONSTRAINT clients_logo_url_is_an_image_data_url
  CHECK (logo_url IS NULL OR (logo_url LIKE 'data:image/%' AND length(logo_url) <= 70000));
ALTER TABLE clients ADD CONSTRAINT clients_primary_colour_is_hex
  CHECK (primary_colour IS NULL OR primary_colour ~ '^#[0-9a-f]{6}$');
