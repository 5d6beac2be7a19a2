/* A private scratch folder for each test, holding the XDG folders and HOME,
 * so that no test reads or writes a person's own files. */
#ifndef ZANZIBAR_TESTS_SCRATCH_H
#define ZANZIBAR_TESTS_SCRATCH_H

/* The folder of the running test (Check forks each test, so a checked
 * fixture gives every test its own). */
extern char scratch_dir[256];

/* Makes the folder (inside the runner's, which no run outlives) and points
 * XDG_STATE_HOME, XDG_DATA_HOME, XDG_CONFIG_HOME and HOME into it (the
 * folders themselves are left for the program to create). */
void Scratch_make(void);
/* Removes the folder and everything in it, read-only parts included. */
void Scratch_remove(void);

#endif
