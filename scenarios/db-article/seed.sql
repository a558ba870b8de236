-- The database behind the four-tool server of the annotations article: two small tables.
create table products (
  id serial primary key,
  name text not null default 'unnamed',
  price numeric(10, 2) not null default 0,
  note text
);
create table customers (
  id serial primary key,
  name text not null default 'anonymous',
  note text
);
insert into products (name, price, note) values ('widget', 2.50, 'blue'), ('gadget', 10.00, null), ('gizmo', 7.25, 'fragile');
insert into customers (name, note) values ('Ada', 'vip'), ('Grace', null);
