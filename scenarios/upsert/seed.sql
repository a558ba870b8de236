-- An address book keyed by a unique email; ids come from a sequence.
create table contacts (
  id serial primary key,
  email text not null unique,
  name text not null
);
insert into contacts (email, name) values ('ada@example.com', 'Ada'), ('grace@example.com', 'Grace');
