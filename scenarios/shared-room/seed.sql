-- A shared room's task board: two pending tasks, one in progress, one done.
create table tasks (
  id serial primary key,
  title text not null,
  assignee text,
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'done'))
);
insert into tasks (title, assignee, status) values
  ('water the plants', 'ada', 'pending'),
  ('book the room', 'grace', 'pending'),
  ('order pizza', 'ada', 'in_progress'),
  ('clean the board', 'grace', 'done');
