-- A shop's listings: three fresh, three stale (not updated for years).
create table listings (
  id serial primary key,
  sku text not null unique,
  title text not null,
  stock integer not null default 0,
  updated_at timestamptz not null default now()
);
insert into listings (sku, title, stock, updated_at) values
  ('A-100', 'desk lamp', 12, now()),
  ('A-101', 'office chair', 3, now()),
  ('A-102', 'monitor arm', 0, now()),
  ('B-200', 'fax machine', 1, '2019-03-01'),
  ('B-201', 'pager', 0, '2018-07-15'),
  ('B-202', 'floppy disks', 40, '2017-01-09');
