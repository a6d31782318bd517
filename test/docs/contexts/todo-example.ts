// A file in the todo example's test/ folder: ../src is the example, ../generated its tables and client.
