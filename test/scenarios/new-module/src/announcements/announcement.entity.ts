import { defineEntity, p } from '@mikro-orm/core';

const AnnouncementSchema = defineEntity({
  name: 'Announcement',
  tableName: 'announcements',
  properties: {
    id: p.integer().primary().autoincrement(),
    text: p.string().length(280),
    publishedAt: p.datetime(),
  },
});

export class Announcement extends AnnouncementSchema.class {}
AnnouncementSchema.setClass(Announcement);
