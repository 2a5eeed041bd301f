/* SPDX-License-Identifier: GPL-2.0 */
/* Shared prototypes of the two-file merge case (testcases/merge/two_files). */
#ifndef MERGE_TWO_H
#define MERGE_TWO_H

#include <linux/types.h>

int put_result(u32 __user *p, u32 v);
int merge_checked_put(u32 __user *uarg);

#endif /* MERGE_TWO_H */
