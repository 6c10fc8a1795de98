import { Migration } from '@mikro-orm/migrations';

/**
 * The images:view permission reads the installed workspaces, which registry already reads. Keys holding registry
 * get it, so the platform's get_images keeps answering whichever of the two a caller checks for; no other key
 * gains a read it did not have.
 */
export class Migration20261124000200_images_view_permission extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "api_keys" set "permissions" = array_append("permissions", 'images:view') where 'registry' = any("permissions") and not ('images:view' = any("permissions"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`update "api_keys" set "permissions" = array_remove("permissions", 'images:view');`);
  }
}
