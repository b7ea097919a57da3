"""Class sessions: a teacher's class list spread over several rooms, one
code for the whole class, and the teacher's one key for every room.

`models` holds what a class is, `class_list` reads a pasted class list,
`seating` picks a student's room, `keys` makes each room's host key from
the teacher's, and `service` puts them over the room service and the
store."""
