// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: access in a helper two calls below the checking begin
 * check-description: put_word() writes inside the region export_words() opened two calls up (through put_pair()): level 1 reports that distance. put_flag() is called directly inside the region (the __unsafe_setup_sigcontext() shape) and is left for level 2.
 * check-level: 1
 *
 * check-output-start
distance_region_two_up.c:30:9: warning: unsafe_put_user() runs in a region opened 2 calls up, by user_write_access_begin(uw, sizeof(*uw)) in export_words() [-Wuaccess-distance]
distance_region_two_up.c:56:14: note: region opened here
distance_region_two_up.c:58:15: note: call 1 of 2: export_words() calls put_pair()
distance_region_two_up.c:40:16: note: call 2 of 2: put_pair() calls put_word()
distance_region_two_up.c:56:14: note: checked here: user_write_access_begin(uw, sizeof(*uw))
distance_region_two_up.c:30:9: note: distance: 2 calls, 26 source lines from the check to this access
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_words {
	u32 lo;
	u32 hi;
	u32 flag;
};

static noinline int put_word(u32 __user *w, u32 v)
{
	unsafe_put_user(v, w, efault);
	return 0;
efault:
	return -EFAULT;
}

static noinline int put_pair(struct uc_words __user *uw, u64 v)
{
	if (put_word(&uw->lo, (u32)v))
		return -EFAULT;
	return put_word(&uw->hi, (u32)(v >> 32));
}

static noinline int put_flag(struct uc_words __user *uw)
{
	unsafe_put_user(1, &uw->flag, efault);
	return 0;
efault:
	return -EFAULT;
}

int export_words(struct uc_words __user *uw, u64 v);
int export_words(struct uc_words __user *uw, u64 v)
{
	int err;

	if (!user_write_access_begin(uw, sizeof(*uw)))
		return -EFAULT;
	err = put_pair(uw, v);
	if (!err)
		err = put_flag(uw);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(export_words);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: access in a helper two calls below the checking begin");
