-- A small shop: keyed, unique-keyed and keyless tables.
create table customers (id serial primary key, email text not null unique, name text not null);
create table orders (
  id serial primary key,
  customer_id int not null references customers(id),
  total numeric(10, 2) not null,
  updated_at timestamptz not null default now()
);
create table events (at text, what text); -- keyless
create table audit_log (id bigserial primary key, message text);
insert into customers (email, name) values ('ada@example.com', 'Ada'), ('bob@example.com', 'Bob');
insert into orders (customer_id, total) values (1, 10.50), (2, 99.00);
insert into events values ('t1', 'open'), ('t1', 'open');
create function shout(t text) returns text language sql as $$ select upper(t) || '!' $$;
