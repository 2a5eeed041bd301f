// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: range against a check that does not start at the root
 * check-description: The begin checks the second word of the buffer (bytes 4..7 of buf); the third word (8..11) and the first (0..3) are outside it, and the loop over words from the third on starts outside it too, so its bound is given from where it starts.
 * check-level: 0
 *
 * check-output-start
range_outside_check.c:37:9: warning: unsafe_put_user() accesses bytes 8..11 of 'p', outside bytes 4..7 checked [-Wuaccess-range]
range_outside_check.c:34:14: note: checked here
range_outside_check.c:38:9: warning: unsafe_put_user() accesses bytes 0..3 of 'p', outside bytes 4..7 checked [-Wuaccess-range]
range_outside_check.c:34:14: note: checked here
range_outside_check.c:40:17: warning: unsafe_put_user() accesses bytes from 8 of 'a->buf', outside bytes 4..7 checked [-Wuaccess-range]
range_outside_check.c:34:14: note: checked here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_buf {
	u32 __user *buf;
	u32 n;
};

int put_words(struct uc_buf *a);
int put_words(struct uc_buf *a)
{
	u32 __user *p = a->buf;
	u32 __user *q;
	u32 i;

	if (!user_write_access_begin(p + 1, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(1, p + 1, efault);
	unsafe_put_user(2, p + 2, efault);
	unsafe_put_user(0, p, efault);
	for (i = 0, q = p + 2; i < a->n; i++, q++)
		unsafe_put_user(i, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(put_words);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: range against a check that does not start at the root");
