-- For the change-capture tests: keyed and keyless tables, a partitioned table, an enum column, a
-- materialized view.
create table customers (id serial primary key, email text not null unique, name text not null);
create table events (at text, what text); -- keyless
create table measurements (id int not null, year int not null, value numeric not null, primary key (id, year))
  partition by range (year);
create table measurements_2024 partition of measurements for values from (2024) to (2025);
create table measurements_2025 partition of measurements for values from (2025) to (2026);
create type mood as enum ('sad', 'fine');
create table feelings (id int primary key, mood mood not null);
insert into customers (email, name) values ('ada@example.com', 'Ada'), ('bob@example.com', 'Bob');
insert into events values ('t1', 'open'), ('t1', 'open');
insert into measurements values (1, 2024, 1.5), (2, 2025, 2.5);
insert into feelings values (1, 'sad');
create materialized view customer_count as select count(*) as n from customers;
