create table todos (
  id integer primary key autoincrement,
  title text not null,
  done integer not null default 0
);
create table stats (name text primary key, value integer not null);
insert into todos (title) values ('buy milk'), ('call the plumber'), ('file taxes');
insert into stats values ('views', 0);
