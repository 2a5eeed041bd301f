// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: region left open on one path, in a function with an address-taken local
 * check-description: The region_missing_end.c bug in a function whose local val is passed by address to get_word(): the efault path returns without user_read_access_end(). The return that leaves the region open is located at its return keyword, like any other, though GCC's end-of-scope clobber of val heads the shared return block.
 * check-level: 0
 *
 * check-output-start
region_open_addr_taken.c:47:9: warning: returns with the user-access region still open [-Wuaccess-region]
region_open_addr_taken.c:36:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_words7 {
	u32 a;
	u32 b;
};

static __always_inline int get_word(u32 *val, const u32 __user *uval)
{
	unsafe_get_user(*val, uval, efault);
	return 0;
efault:
	return -EFAULT;
}

int sum_words_leak(const struct uc_words7 __user *p, u32 *sum);
int sum_words_leak(const struct uc_words7 __user *p, u32 *sum)
{
	u32 val;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	if (get_word(&val, &p->a))
		goto efault;
	*sum = val;
	if (get_word(&val, &p->b))
		goto efault;
	*sum += val;
	user_read_access_end();
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(sum_words_leak);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: region left open in a function with an address-taken local");
