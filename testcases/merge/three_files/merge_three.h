/* SPDX-License-Identifier: GPL-2.0 */
/* Shared prototypes of the three-file merge case (testcases/merge/three_files). */
#ifndef MERGE_THREE_H
#define MERGE_THREE_H

#include <linux/types.h>

int put_word(u32 __user *p, u32 v);
int put_pair(u32 __user *p);
int put_raw(u32 __user *p, u32 v);
int merge_region_put(u32 __user *uarg);

#endif /* MERGE_THREE_H */
